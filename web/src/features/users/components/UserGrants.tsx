import { ActionIcon, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { type GrantRole, grantRoles } from '#contract/roles';
import type { UserGrant } from '#contract/users';
import { useOlympiadChoices } from '../api/grants.js';

/** A grant as the dialog holds it. */
export type GrantRow = Pick<UserGrant, 'olympiadId' | 'olympiadName' | 'olympiadTitle' | 'role'>;

interface UserGrantsProps {
  grants: GrantRow[];
  /** A line under the heading: when a change takes effect. */
  note: string;
  /** The role a new grant starts with (the user's own role). */
  defaultRole: GrantRole;
  busy?: boolean;
  onAdd: (grant: GrantRow) => void;
  onRemove: (grant: GrantRow) => void;
}

/** The olympiads a staff user holds a role in; an olympiad is picked by its name. */
export function UserGrants({ grants, note, defaultRole, busy, onAdd, onRemove }: UserGrantsProps) {
  const olympiads = useOlympiadChoices();
  const [olympiadId, setOlympiadId] = useState<string | null>(null);
  // The user's own role until another is picked.
  const [picked, setRole] = useState<GrantRole | null>(null);
  const role = picked ?? defaultRole;
  const chosen = olympiads.data?.find((o) => String(o.id) === olympiadId);
  const held = chosen && grants.some((g) => g.olympiadId === chosen.id && g.role === role);
  return (
    <Stack gap="xs">
      <div>
        <Text fw={600} size="sm">
          Olympiads
        </Text>
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      </div>
      <Group align="flex-end" wrap="wrap" gap="xs">
        <Select
          label="Olympiad"
          placeholder="Type an olympiad’s name"
          searchable
          data={(olympiads.data ?? []).map((o) => ({ value: String(o.id), label: `${o.title} (${o.varName})` }))}
          value={olympiadId}
          onChange={setOlympiadId}
          nothingFoundMessage="No olympiad has this name"
          w={{ base: '100%', sm: 300 }}
        />
        <Select
          label="Role in it"
          data={[...grantRoles]}
          value={role}
          onChange={(v) => setRole(v as GrantRole | null)}
          allowDeselect={false}
          w={140}
        />
        <Button
          variant="light"
          disabled={!chosen || held}
          loading={busy}
          onClick={() => {
            if (!chosen) return;
            onAdd({ olympiadId: chosen.id, olympiadName: chosen.varName, olympiadTitle: chosen.title, role });
            setOlympiadId(null);
          }}
        >
          Add
        </Button>
      </Group>
      <Table aria-label="Olympiad grants" verticalSpacing={4}>
        <Table.Tbody>
          {grants.map((g) => (
            <Table.Tr key={`${g.olympiadId}-${g.role}`}>
              <Table.Td>
                <Text size="sm">{g.olympiadTitle}</Text>
                <Text size="xs" c="dimmed">
                  {g.olympiadName}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" miw="max-content">
                  {g.role}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove the ${g.role} role in ${g.olympiadName}`}
                  onClick={() => onRemove(g)}
                >
                  ✕
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
          {grants.length === 0 ? (
            <Table.Tr>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  No olympiad yet: the user sees nothing until granted one.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
