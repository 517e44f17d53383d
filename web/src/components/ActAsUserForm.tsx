import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useImpersonate } from '../lib/session/index.js';

/** An olympiad a person can recognise: its title and its name in addresses. */
export interface OlympiadChoice {
  id: number;
  title: string;
  varName: string;
}

interface ActAsUserFormProps {
  /** Fixed olympiad (an admin in their olympiad); without it the overlord may choose one of `olympiads`. */
  olympiadId?: number;
  /** The olympiads to choose from, by name (the overlord's form). */
  olympiads?: readonly OlympiadChoice[] | undefined;
}

/** "Act as user": an admin or the overlord signs in as a user by email (docs/spec.md §6). */
export function ActAsUserForm({ olympiadId, olympiads }: ActAsUserFormProps) {
  const impersonate = useImpersonate();
  const [email, setEmail] = useState('');
  const [olympiad, setOlympiad] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    const chosen = olympiadId ?? (olympiad ? Number(olympiad) : null);
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
          <Select
            label="Olympiad"
            description="For users who belong to an olympiad (its admins, accountants, funding staff and learners). Leave it empty for a teacher or the whole site."
            placeholder="Type to find an olympiad by name"
            searchable
            clearable
            nothingFoundMessage="No olympiad by that name"
            data={(olympiads ?? []).map((o) => ({ value: String(o.id), label: `${o.title} (${o.varName})` }))}
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
