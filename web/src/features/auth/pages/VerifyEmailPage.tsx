import { Alert, Anchor, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { storeUser } from '../../../lib/session/index.js';
import { useVerifyEmail } from '../api/verify-email.js';
import { SetPasswordForm } from '../components/SetPasswordForm.js';
import { T, useT } from '../../../lib/i18n/index.js';

/** /verify-email/{uuid}: checks the mailed link, then asks for a password. */
export function VerifyEmailPage() {
  const t = useT();
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
            {t('portal.account.checking')}
          </Title>
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t('portal.account.moment')}</Text>
          </Group>
        </>
      ) : verified.isError ? (
        <>
          <Title order={1} mb="md">
            {t('portal.account.badLink')}
          </Title>
          <Alert color="red" variant="light" role="alert" mb="md">
            {verified.error.message}
          </Alert>
          <Text>
            <T id="portal.account.badLinkHelp" components={{ 0: <Anchor component={Link} to="/login" /> }} />
          </Text>
        </>
      ) : (
        <>
          <Text fw={700} c="olympus.7" size="sm" mb={4}>
            {result?.user.name}
          </Text>
          <Title order={1} mb={4}>
            {result?.purpose === 'reset_password' ? t('portal.account.chooseNew') : t('portal.account.chooseYours')}
          </Title>
          <Text c="dimmed" mb="lg">
            {result?.message}
          </Text>
          <SetPasswordForm
            submitLabel={t('portal.account.saveContinue')}
            onSaved={() => void navigate(result?.user.home ?? '/login', { replace: true })}
          />
        </>
      )}
    </Paper>
  );
}
