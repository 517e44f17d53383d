import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { StaffAccount } from '#contract/users';
import { SessionList } from '../../../components/SessionList.js';
import { useUserSessions } from '../api/user-sessions.js';

interface UserSessionsModalProps {
  user: StaffAccount | null;
  phone: boolean;
  onClose: () => void;
  /** Asks to end every session of the user (the page's confirmation). */
  onEndAll: (user: StaffAccount) => void;
}

/** The overlord reads where a user is signed in (GET user/v-rest/{id}/sessions) before signing them out everywhere. */
export function UserSessionsModal({ user, phone, onClose, onEndAll }: UserSessionsModalProps) {
  const sessions = useUserSessions(user?.id ?? null);
  const list = sessions.data?.sessions ?? [];
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user ? `Sessions of ${user.name} (${user.username})` : ''}
      size="lg"
      fullScreen={phone}
    >
      <Stack>
        {sessions.isPending ? <Loader size="sm" /> : null}
        {sessions.error ? <Alert color="red">{sessions.error.message}</Alert> : null}
        {sessions.data && list.length === 0 ? <Text size="sm">Not signed in anywhere.</Text> : null}
        {list.length ? <SessionList sessions={list} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button color="orange" disabled={!user || list.length === 0} onClick={() => user && onEndAll(user)}>
            End all sessions
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
