import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { RecoverBody } from '#contract/index';
import { isApiError } from '../../../lib/api/index.js';
import { serverErrorText, useSchemaForm } from '../../../lib/forms/index.js';
import { goHome } from '../../../lib/session/index.js';
import { useRecoverWithPin } from '../api/recover.js';
import { OlympiadField } from './OlympiadField.js';

/** The recovery's body, with the words a learner needs when a field is empty. */
const RecoverValues = RecoverBody.extend({
  olympiadName: z.string().trim().min(1, 'Enter the olympiad you are writing').max(60),
  username: z.string().trim().min(1, 'Enter your username').max(120),
  pin: z.string().min(4, 'Enter the PIN you wrote down').max(20),
});

/**
 * "Lost your session? Use your recovery PIN": the olympiad (typed here, unless the page's address names it),
 * username and PIN, then back to where the learner was.
 */
export function RecoverWithPinForm({ olympiadName }: { olympiadName?: string }) {
  const navigate = useNavigate();
  const recover = useRecoverWithPin();
  const form = useSchemaForm({
    schema: RecoverValues,
    mode: 'controlled',
    initialValues: { olympiadName: olympiadName ?? '', username: '', pin: '' },
    toInput: (values) => ({
      olympiadName: values.olympiadName.trim(),
      username: values.username.trim(),
      pin: values.pin.replace(/\s/g, ''),
    }),
  });

  const submit = form.onSubmit((input) =>
    recover.mutate(input, { onSuccess: (user) => goHome(user, navigate), onError: form.setServerErrors }),
  );

  const error = recover.error;
  // The olympiad's error is on its field when the learner typed it; from the address, the alert says it.
  const onFields =
    isApiError(error) &&
    error.details.length > 0 &&
    error.details.every((d) => olympiadName == null || d.path !== 'body.olympiadName');
  return (
    <form onSubmit={submit} noValidate aria-label="Sign in with your recovery PIN">
      <Stack gap="md">
        <Text c="dimmed">
          Use your username and the recovery PIN you wrote down before the questions. You carry on where you were.
        </Text>
        {error && !onFields ? (
          <Alert color="red" variant="light" role="alert" title="That did not work">
            {isApiError(error) && error.status === 429
              ? 'Too many tries. Wait a minute, then try again.'
              : serverErrorText(error)}
          </Alert>
        ) : null}
        {olympiadName == null ? (
          <OlympiadField
            required
            size="md"
            {...form.getInputProps('olympiadName')}
            onPick={(varName) => {
              form.setFieldValue('olympiadName', varName);
              form.clearFieldError('olympiadName');
            }}
          />
        ) : null}
        <TextInput
          label="Username"
          size="md"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...form.getInputProps('username')}
        />
        <TextInput
          label="Recovery PIN"
          size="md"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={20}
          {...form.getInputProps('pin')}
        />
        <Button type="submit" size="md" loading={recover.isPending} fullWidth>
          Carry on writing
        </Button>
      </Stack>
    </form>
  );
}
