import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { goHome } from '../../../lib/session/index.js';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api/index.js';
import { useRecoverWithPin } from '../api/recover.js';

/** "Lost your session? Use your recovery PIN": username + PIN, then back to where the learner was. */
export function RecoverWithPinForm({ olympiadName }: { olympiadName: string }) {
  const navigate = useNavigate();
  const recover = useRecoverWithPin();
  const [username, setUsername] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ username?: string; pin?: string }>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next = {
      username: username.trim() ? undefined : 'Enter your username',
      pin: pin.trim().length >= 4 ? undefined : 'Enter the PIN you wrote down',
    };
    setErrors(next);
    if (next.username || next.pin) return;
    recover.mutate(
      { olympiadName, username: username.trim(), pin: pin.replace(/\s/g, '') },
      { onSuccess: (user) => goHome(user, navigate) },
    );
  };

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
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={errors.username}
        />
        <TextInput
          label="Recovery PIN"
          size="md"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={20}
          value={pin}
          onChange={(e) => setPin(e.currentTarget.value)}
          error={errors.pin}
        />
        <Button type="submit" size="md" loading={recover.isPending} fullWidth>
          Carry on writing
        </Button>
      </Stack>
    </form>
  );
}
