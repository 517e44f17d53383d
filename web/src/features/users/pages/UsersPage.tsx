import { Badge, Button, Group, Menu, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { type StaffAccount, staffRoles } from '#contract/users';
import { Confirm } from '../../../components/Confirm.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { formatDate } from '../../../lib/dates.js';
import { type AccountAction, useAccountAction } from '../api/account-actions.js';
import { useUsers } from '../api/list-users.js';
import { UserForm } from '../components/UserForm.js';
import { UserSessionsModal } from '../components/UserSessionsModal.js';

const confirmations: Record<AccountAction, { title: string; label: string; color: string; text: string }> = {
  disable: {
    title: 'Disable this user?',
    label: 'Disable',
    color: 'red',
    text: 'They are signed out everywhere at once and cannot sign in until enabled again. This is logged.',
  },
  enable: {
    title: 'Enable this user?',
    label: 'Enable',
    color: 'blue',
    text: 'They can sign in again with their password. This is logged.',
  },
  'reset-password': {
    title: 'Send a password reset?',
    label: 'Send the link',
    color: 'blue',
    text: 'A one-time link to choose a new password goes to their address (valid 24 hours). Their current password works until then.',
  },
  'reset-two-factor': {
    title: 'Reset two-factor sign-in?',
    label: 'Reset two-factor sign-in',
    color: 'orange',
    text:
      'For a lost phone: their authenticator app and recovery codes stop working and they are signed out everywhere. ' +
      'They sign in with their password next and set it up again. This is logged.',
  },
  'end-sessions': {
    title: 'End all sessions?',
    label: 'End all sessions',
    color: 'orange',
    text: 'They are signed out on every device at once; the account stays enabled. This is logged.',
  },
};

function Status({ user }: { user: StaffAccount }) {
  if (user.disabled)
    return (
      <Badge color="red" variant="light" c="dark.7" miw="max-content">
        Disabled
      </Badge>
    );
  if (!user.hasPassword)
    return (
      <Badge color="yellow" variant="light" c="dark.7" miw="max-content">
        No password yet
      </Badge>
    );
  return (
    <Badge color="green" variant="light" c="dark.7" miw="max-content">
      Active
    </Badge>
  );
}

/** /overlord/edit/users: staff users of every role, their olympiads, and what can be done to each account. */
export function UsersPage() {
  const list = useListParams('username');
  const [role, setRole] = useState<string | null>(null);
  const [status, setStatus] = useState('all');
  const users = useUsers({
    ...list.params,
    role: role ?? undefined,
    status: status === 'all' ? undefined : status,
  });
  const phone = useMediaQuery('(max-width: 48em)');
  const act = useAccountAction();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [asking, setAsking] = useState<{ user: StaffAccount; action: AccountAction } | null>(null);
  const [viewing, setViewing] = useState<StaffAccount | null>(null);
  const editedUser = typeof editing === 'number' ? (users.data?.items.find((u) => u.id === editing) ?? null) : null;

  const actions = (u: StaffAccount) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="light" aria-label={`Actions for ${u.username}`}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item disabled={!u.can.edit} onClick={() => setEditing(u.id)}>
          Edit
        </Menu.Item>
        <Menu.Item
          disabled={!u.can.mail || u.disabled || !u.email}
          onClick={() => setAsking({ user: u, action: 'reset-password' })}
        >
          Send password reset
        </Menu.Item>
        <Menu.Item disabled={!u.can.endSessions} onClick={() => setViewing(u)}>
          Sessions ({u.activeSessions})
        </Menu.Item>
        <Menu.Item
          disabled={!u.can.endSessions || u.activeSessions === 0}
          onClick={() => setAsking({ user: u, action: 'end-sessions' })}
        >
          End all sessions
        </Menu.Item>
        <Menu.Item disabled={!u.can.edit} onClick={() => setAsking({ user: u, action: 'reset-two-factor' })}>
          Reset two-factor sign-in
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color={u.disabled ? undefined : 'red'}
          disabled={!u.can.disable}
          onClick={() => setAsking({ user: u, action: u.disabled ? 'enable' : 'disable' })}
        >
          {u.disabled ? 'Enable' : 'Disable'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  const who: Column<StaffAccount> = {
    key: 'username',
    label: 'User',
    sortable: true,
    render: (u) => (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {u.name}
        </Text>
        <Text size="xs" c="dimmed">
          {u.username}
          {u.email ? ` · ${u.email}` : ''}
        </Text>
        {phone ? (
          <Group gap={4}>
            <Badge variant="light" miw="max-content">
              {u.role}
            </Badge>
            <Status user={u} />
          </Group>
        ) : null}
      </Stack>
    ),
  };
  const columns: Column<StaffAccount>[] = phone
    ? [who, { key: 'actions', label: 'Actions', render: actions }]
    : [
        who,
        {
          key: 'role',
          label: 'Role',
          sortable: true,
          render: (u) => (
            <Badge variant="light" miw="max-content">
              {u.role}
            </Badge>
          ),
        },
        {
          key: 'grants',
          label: 'Olympiads',
          render: (u) =>
            u.role === 'overlord' ? (
              <Text size="sm">All</Text>
            ) : u.grants.length ? (
              <Group gap={4}>
                {u.grants.map((g) => (
                  <Badge
                    key={`${g.olympiadId}-${g.role}`}
                    variant="outline"
                    tt="none"
                    miw="max-content"
                    title={g.olympiadTitle}
                  >
                    {g.olympiadName}: {g.role}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                None
              </Text>
            ),
        },
        { key: 'status', label: 'Status', render: (u) => <Status user={u} /> },
        {
          key: 'lastSignInAt',
          label: 'Last sign-in',
          sortable: true,
          render: (u) => <Text size="sm">{formatDate(u.lastSignInAt, 'dateTime', 'Never')}</Text>,
        },
        { key: 'actions', label: 'Actions', render: actions },
      ];

  const question = asking ? confirmations[asking.action] : null;
  return (
    <>
      <PageHeader
        title="Users"
        description="Staff accounts of every role and the olympiads they hold. Teachers are managed with their schools."
        actions={<Button onClick={() => setEditing('new')}>New user</Button>}
      />
      <Group mb="sm" gap="sm" wrap="wrap" align="flex-end">
        <Select
          label="Role"
          placeholder="Every role"
          clearable
          data={[...staffRoles]}
          value={role}
          onChange={(v) => {
            setRole(v);
            list.setPage(1);
          }}
          w={160}
        />
        <SegmentedControl
          aria-label="Status"
          data={[
            { value: 'all', label: 'All' },
            { value: 'active', label: 'Active' },
            { value: 'disabled', label: 'Disabled' },
          ]}
          value={status}
          onChange={(v) => {
            setStatus(v);
            list.setPage(1);
          }}
        />
      </Group>
      <PagedTable
        label="Users"
        columns={columns}
        rows={users.data?.items}
        total={users.data?.total ?? 0}
        rowKey={(u) => u.id}
        list={list}
        loading={users.isFetching}
        error={users.error}
        searchPlaceholder="Search by username, name, email or olympiad"
        empty="No users match."
        minWidth={phone ? 0 : 860}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New user' : `Edit ${editedUser?.username ?? 'user'}`}
        size="lg"
        fullScreen={phone}
      >
        {editing === 'new' || editedUser ? <UserForm user={editedUser} onDone={() => setEditing(null)} /> : null}
      </Modal>
      <UserSessionsModal
        user={viewing}
        phone={Boolean(phone)}
        onClose={() => setViewing(null)}
        onEndAll={(user) => setAsking({ user, action: 'end-sessions' })}
      />
      <Confirm
        opened={asking !== null}
        title={question?.title ?? ''}
        confirmLabel={question?.label ?? ''}
        color={question?.color}
        loading={act.isPending}
        onClose={() => setAsking(null)}
        onConfirm={() =>
          asking &&
          act.mutate(
            { id: asking.user.id, action: asking.action },
            {
              onSuccess: () => {
                setAsking(null);
                if (asking.action === 'end-sessions') setViewing(null);
              },
            },
          )
        }
      >
        {asking ? (
          <>
            <Text fw={600}>
              {asking.user.name} ({asking.user.username})
            </Text>
            <Text size="sm">{question?.text}</Text>
          </>
        ) : null}
      </Confirm>
    </>
  );
}
