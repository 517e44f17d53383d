import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { z } from 'zod';
import { Password } from '#contract/index';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useSetPassword } from '../api/set-password.js';
import { translate, useT } from '../../../lib/i18n/index.js';

/** The shared password rule, plus the confirmation. */
const SetPasswordValues = z
  .object({ password: Password, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    // Worded when the form judges, in the page's language.
    error: () => translate('portal.account.passwordsDiffer'),
  });

interface SetPasswordFormProps {
  submitLabel?: string;
  /** After saving (the notification says it is saved). */
  onSaved?: () => void;
}

/** "Choose your password": used after verifying an email and on /portal/update-password. */
export function SetPasswordForm({ submitLabel, onSaved }: SetPasswordFormProps) {
  const t = useT();
  const mutation = useSetPassword();
  const form = useSchemaForm({
    schema: SetPasswordValues,
    mode: 'uncontrolled',
    initialValues: { password: '', confirm: '' },
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(({ password }) => {
    mutation.mutate(password, {
      onSuccess: () => {
        form.reset();
        onSaved?.();
      },
      onError: form.setServerErrors,
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {mutation.error ? (
          <Alert color="red" variant="light" title={t('portal.account.notSaved')} role="alert">
            {mutation.error.message}
          </Alert>
        ) : null}
        <PasswordInput
          label={t('portal.account.newPassword')}
          description={t('portal.account.passwordHelp')}
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('portal.account.confirm')}
          autoComplete="new-password"
          required
          key={form.key('confirm')}
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" loading={mutation.isPending} size="md">
          {submitLabel ?? t('portal.account.save')}
        </Button>
      </Stack>
    </form>
  );
}
