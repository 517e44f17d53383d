import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { RecoverBody } from '#contract/index';
import { isApiError } from '../../../lib/api/index.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { goHome } from '../../../lib/session/index.js';
import { useRecoverWithPin } from '../api/recover.js';

/** The recovery's body, with the words a learner needs when a field is empty. */
const RecoverValues = RecoverBody.extend({
  username: z.string().trim().min(1, 'Enter your username').max(120),
  pin: z.string().min(4, 'Enter the PIN you wrote down').max(20),
});

/** "Lost your session? Use your recovery PIN": username + PIN, then back to where the learner was. */
export function RecoverWithPinForm({ olympiadName }: { olympiadName: string }) {
  const navigate = useNavigate();
  const recover = useRecoverWithPin();
  const form = useSchemaForm({
    schema: RecoverValues,
    mode: 'uncontrolled',
    initialValues: { username: '', pin: '' },
    toInput: (values) => ({ olympiadName, username: values.username.trim(), pin: values.pin.replace(/\s/g, '') }),
  });

  const submit = form.onSubmit((input) =>
    recover.mutate(input, { onSuccess: (user) => goHome(user, navigate), onError: form.setServerErrors }),
  );

  const error = recover.error;
  return (
    <form onSubmit={submit} noValidate aria-label="Sign in with your recovery PIN">
      <Stack gap="md">
        <Text c="dimmed">
          Use your username and the recovery PIN you wrote down before the questions. You carry on where you were.
        </Text>
        {error ? (
          <Alert color="red" variant="light" role="alert" title="That did not work">
            {isApiError(error) && error.status === 429
              ? 'Too many tries. Wait a minute, then try again.'
              : error.message}
          </Alert>
        ) : null}
        <TextInput
          label="Username"
          size="md"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <TextInput
          label="Recovery PIN"
          size="md"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={20}
          key={form.key('pin')}
          {...form.getInputProps('pin')}
        />
        <Button type="submit" size="md" loading={recover.isPending} fullWidth>
          Carry on writing
        </Button>
      </Stack>
    </form>
  );
}
