import { ActionIcon, Alert, Autocomplete, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { type GrantRole, grantRoles } from '#contract/roles';
import { useGrantRole } from '../api/grant-role.js';
import { useGrants } from '../api/list-grants.js';
import { useRevokeGrant } from '../api/revoke-grant.js';
import { useStaffSearch } from '../api/search-staff.js';

/** Who is admin, accountant or funding of one olympiad; the overlord grants and revokes. */
export function GrantsPanel({ olympiadId }: { olympiadId: number }) {
  const grants = useGrants(olympiadId);
  const grant = useGrantRole();
  const revoke = useRevokeGrant();
  const [input, setInput] = useState('');
  const [search] = useDebouncedValue(input, 250);
  const staff = useStaffSearch(search);
  const [role, setRole] = useState<GrantRole>('admin');
  const options = (staff.data ?? []).map((u) => ({ value: `${u.username} — ${u.name} (${u.role})`, id: u.id }));
  const chosen = options.find((o) => o.value === input);

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <Autocomplete
          label="Find a user"
          placeholder="Username, name or email"
          value={input}
          onChange={setInput}
          data={options.map((o) => o.value)}
          filter={({ options: all }) => all}
          w={{ base: '100%', sm: 320 }}
        />
        <Select
          label="Role"
          data={[...grantRoles]}
          value={role}
          onChange={(v) => setRole((v as GrantRole) ?? 'admin')}
          w={150}
          allowDeselect={false}
        />
        <Button
          disabled={!chosen}
          loading={grant.isPending}
          onClick={() => grant.mutate({ olympiadId, userId: chosen!.id, role }, { onSuccess: () => setInput('') })}
        >
          Grant
        </Button>
      </Group>
      {grants.error ? <Alert color="red">{grants.error.message}</Alert> : null}
      <Table aria-label="Grants" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>
              <span className="sr-only">Remove</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(grants.data ?? []).map((g) => (
            <Table.Tr key={`${g.userId}-${g.role}`}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {g.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {g.username}
                  {g.email ? ` · ${g.email}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light">{g.role}</Badge>
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${g.role} grant of ${g.username}`}
                  onClick={() => revoke.mutate({ olympiadId, userId: g.userId, role: g.role })}
                >
                  ✕
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
          {grants.data?.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text c="dimmed" size="sm">
                  Nobody is granted yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
