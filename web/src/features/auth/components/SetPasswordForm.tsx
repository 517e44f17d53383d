import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { z } from 'zod';
import { Password } from '#contract/index';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useSetPassword } from '../api/set-password.js';

/** The shared password rule, plus the confirmation. */
const SetPasswordValues = z
  .object({ password: Password, confirm: z.string() })
  .refine((values) => values.password === values.confirm, { path: ['confirm'], message: 'The two passwords differ' });

interface SetPasswordFormProps {
  submitLabel?: string;
  /** After saving (the notification says it is saved). */
  onSaved?: () => void;
}

/** "Choose your password": used after verifying an email and on /portal/update-password. */
export function SetPasswordForm({ submitLabel = 'Save password', onSaved }: SetPasswordFormProps) {
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
          <Alert color="red" variant="light" title="Your password was not saved" role="alert">
            {mutation.error.message}
          </Alert>
        ) : null}
        <PasswordInput
          label="New password"
          description="At least 8 characters. Any characters are fine, including spaces, symbols and accents."
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          key={form.key('confirm')}
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" loading={mutation.isPending} size="md">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
