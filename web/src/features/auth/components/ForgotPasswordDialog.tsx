import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import { SigninBody } from '#contract/index';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useForgotPassword } from '../api/forgot-password.js';

const ForgotValues = z.object({ username: SigninBody.shape.username });

interface ForgotPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  username: string;
  olympiadName: string | null;
}

/** "Forgot password?": asks the server to mail a reset link. Mount it when opened, so each opening starts afresh. */
export function ForgotPasswordDialog({ opened, onClose, username, olympiadName }: ForgotPasswordDialogProps) {
  const mutation = useForgotPassword();
  const form = useSchemaForm({ schema: ForgotValues, mode: 'controlled', initialValues: { username } });
  const name = form.values.username;

  const submit = form.onSubmit(({ username: entered }) =>
    mutation.mutate({ username: entered.trim(), olympiadName }, { onError: form.setServerErrors }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Reset your password" centered>
      {mutation.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" variant="light" title="Check your email" role="status">
            {mutation.data.message ?? 'If this account has an email address, a reset link is on its way.'}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              Enter your username. We will email a link to choose a new password to the address on your account.
            </Text>
            <TextInput
              label="Username"
              autoComplete="username"
              required
              {...form.getInputProps('username')}
              error={form.errors.username ?? mutation.error?.message}
              data-autofocus
            />
            {olympiadName ? (
              <Text size="sm" c="dimmed">
                Olympiad: {olympiadName}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending} disabled={!name.trim()}>
                Send reset link
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
