import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useT } from '../../../lib/i18n/index.js';
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
  const t = useT();
  const mutation = useForgotPassword();
  const form = useSchemaForm({ schema: ForgotValues, mode: 'controlled', initialValues: { username } });
  const name = form.values.username;

  const submit = form.onSubmit(({ username: entered }) =>
    mutation.mutate({ username: entered.trim(), olympiadName }, { onError: form.setServerErrors }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('sitting.forgot.title')} centered>
      {mutation.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" variant="light" title={t('sitting.forgot.checkEmail')} role="status">
            {mutation.data.message ?? t('sitting.forgot.onItsWay')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('learner.notice.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('sitting.forgot.intro')}</Text>
            <TextInput
              label={t('sitting.signin.username')}
              autoComplete="username"
              required
              {...form.getInputProps('username')}
              error={form.errors.username ?? mutation.error?.message}
              data-autofocus
            />
            {olympiadName ? (
              <Text size="sm" c="dimmed">
                {t('sitting.forgot.olympiad', { olympiad: olympiadName })}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('sitting.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending} disabled={!name.trim()}>
                {t('sitting.forgot.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
