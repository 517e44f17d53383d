import { Alert, Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useImpersonate } from '../lib/session/index.js';

interface ActAsUserFormProps {
  /** Fixed olympiad (an admin in their olympiad); without it the overlord may give one. */
  olympiadId?: number;
}

/** "Act as user": an admin or the overlord signs in as a user by email (docs/spec.md §6). */
export function ActAsUserForm({ olympiadId }: ActAsUserFormProps) {
  const impersonate = useImpersonate();
  const [email, setEmail] = useState('');
  const [olympiad, setOlympiad] = useState<string | number>('');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    const chosen = olympiadId ?? (typeof olympiad === 'number' ? olympiad : null);
    impersonate.mutate({ olympiadId: chosen, userEmail: email.trim() });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Act as user">
      <Stack gap="md" maw={520}>
        {impersonate.error ? (
          <Alert color="red" variant="light" title="Could not act as this user" role="alert">
            {impersonate.error.message}
          </Alert>
        ) : null}
        <TextInput
          label="User's email"
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        {olympiadId === undefined ? (
          <NumberInput
            label="Olympiad id"
            description="Optional: the olympiad in which to act, for users who belong to one."
            min={1}
            allowDecimal={false}
            value={olympiad}
            onChange={setOlympiad}
          />
        ) : null}
        <Group>
          <Button type="submit" loading={impersonate.isPending} disabled={!email.trim()}>
            Act as this user
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
