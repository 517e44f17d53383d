import { Alert, Anchor, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { storeUser } from '../../../lib/session/index.js';
import { useVerifyEmail } from '../api/verify-email.js';
import { SetPasswordForm } from '../components/SetPasswordForm.js';

/** /verify-email/{uuid}: checks the mailed link, then asks for a password. */
export function VerifyEmailPage() {
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const verified = useVerifyEmail(uuid);
  const result = verified.data;

  useEffect(() => {
    if (result) storeUser(result.user);
  }, [result]);

  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 40 }} w="100%" maw={480} mx="auto">
      {verified.isPending ? (
        <>
          <Title order={1} mb="md">
            Checking your link
          </Title>
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>One moment…</Text>
          </Group>
        </>
      ) : verified.isError ? (
        <>
          <Title order={1} mb="md">
            This link does not work
          </Title>
          <Alert color="red" variant="light" role="alert" mb="md">
            {verified.error.message}
          </Alert>
          <Text>
            Links in our emails work once and for a limited time. On the{' '}
            <Anchor component={Link} to="/login">
              sign-in page
            </Anchor>
            , choose “Forgot password?” to get a new one.
          </Text>
        </>
      ) : (
        <>
          <Text fw={700} c="olympus.7" size="sm" mb={4}>
            {result?.user.name}
          </Text>
          <Title order={1} mb={4}>
            {result?.purpose === 'reset_password' ? 'Choose a new password' : 'Choose your password'}
          </Title>
          <Text c="dimmed" mb="lg">
            {result?.message}
          </Text>
          <SetPasswordForm
            submitLabel="Save password and continue"
            onSaved={() => void navigate(result?.user.home ?? '/login', { replace: true })}
          />
        </>
      )}
    </Paper>
  );
}
