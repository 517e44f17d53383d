import { Alert, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useLogout, useSessionUser } from '../../../lib/session/index.js';

/** On the sign-in page, for someone who is signed in already (e.g. sent here by a role guard). */
export function SignedInNotice() {
  const user = useSessionUser();
  const logout = useLogout();
  if (!user) return null;
  return (
    <Alert variant="light" title={`You are signed in as ${user.name}`} mb="lg">
      <Text size="sm" mb="sm">
        The page you asked for is not open to your account ({user.role}). Go to your own area, or sign out to use
        another account.
      </Text>
      <Group gap="sm">
        <Button component={Link} to={user.home} size="xs">
          Go to my area
        </Button>
        <Button variant="default" size="xs" onClick={() => logout.mutate()} loading={logout.isPending}>
          Sign out
        </Button>
      </Group>
    </Alert>
  );
}
