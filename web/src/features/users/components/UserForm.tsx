import { Alert, Button, Divider, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { GrantRole } from '#contract/roles';
import { type StaffAccount, StaffAccountInput, type StaffRole, staffRoles } from '#contract/users';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { grantRole, useGrantRole, useRevokeGrant } from '../api/grants.js';
import { useSaveUser } from '../api/save-user.js';
import { type GrantRow, UserGrants } from './UserGrants.js';

const roleLabels: Record<StaffRole, string> = {
  overlord: 'Overlord (everything, every olympiad)',
  admin: 'Admin (runs the olympiads granted)',
  accountant: 'Accountant (invoices and payments)',
  funding: 'Funding (sponsor: payments, mass mail, contacts)',
};

/**
 * Create or edit a staff user, with their role and the olympiads they hold it in. A new user's grants are made
 * once the account exists; an existing user's at once (olympiad-grant/v-rest/).
 */
export function UserForm({ user, onDone }: { user: StaffAccount | null; onDone: () => void }) {
  const save = useSaveUser();
  const grant = useGrantRole();
  const revoke = useRevokeGrant();
  const [pending, setPending] = useState<GrantRow[]>([]);
  const [grantError, setGrantError] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: StaffAccountInput,
    mode: 'controlled',
    validateInputOnChange: true,
    initialValues: {
      username: user?.username ?? '',
      email: user?.email ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      role: (user?.role ?? 'admin') as StaffRole,
    },
  });
  const role = form.getValues().role;
  const grantDefault: GrantRole = role === 'overlord' ? 'admin' : role;
  const grants = user ? user.grants : pending;

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: user?.id ?? null, values },
      {
        onError: form.setServerErrors,
        onSuccess: async (saved) => {
          // A new account's grants, one by one; one that fails is named and the rest still made.
          const failed: string[] = [];
          for (const g of user ? [] : pending) {
            try {
              await grantRole({ olympiadId: g.olympiadId, userId: saved.user.id, role: g.role });
            } catch {
              failed.push(g.olympiadName);
            }
          }
          if (failed.length) setGrantError(`The user is created, but these grants failed: ${failed.join(', ')}`);
          else onDone();
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.error ? <Alert color="red">{save.error.message}</Alert> : null}
        {grantError ? <Alert color="orange">{grantError}</Alert> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" {...form.getInputProps('lastName')} />
          <TextInput label="Username" required autoComplete="off" {...form.getInputProps('username')} />
          <TextInput
            label="Email"
            type="email"
            required
            description={user ? undefined : 'A link to choose a password goes here'}
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        <Select
          label="Role"
          required
          allowDeselect={false}
          disabled={user != null && !user.can.disable}
          data={staffRoles.map((r) => ({ value: r, label: roleLabels[r] }))}
          {...form.getInputProps('role')}
        />
        {role !== 'overlord' ? (
          <>
            <Divider />
            <UserGrants
              grants={grants}
              note={user ? 'An olympiad added or removed here changes at once.' : 'Granted once the user is created.'}
              defaultRole={grantDefault}
              busy={grant.isPending || revoke.isPending}
              onAdd={(g) =>
                user
                  ? grant.mutate({ olympiadId: g.olympiadId, userId: user.id, role: g.role })
                  : setPending((list) => [...list, g])
              }
              onRemove={(g) =>
                user
                  ? revoke.mutate({ olympiadId: g.olympiadId, userId: user.id, role: g.role })
                  : setPending((list) => list.filter((p) => p !== g))
              }
            />
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {grantError ? 'Close' : 'Cancel'}
          </Button>
          {grantError ? null : (
            <Button type="submit" loading={save.isPending}>
              {user ? 'Save user' : 'Create user'}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
