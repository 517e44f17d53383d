import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePortalRole } from '../../features/portal/routes.js';
import { useSessionUser } from '../../lib/session/index.js';

const roleNames = {
  overlord: 'Overlord',
  admin: 'Olympiad admin',
  accountant: 'Accountant',
  funding: 'Funding',
  learner: 'Learner',
} as const;

/** A teacher-role account is a school's teacher or a country's team admin (decision 039). */
function PortalRole() {
  return usePortalRole();
}

/** The signed-in user's name (for staff a link to their account page) and role, in a header (from `sm` up). */
export function UserBadge() {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <Stack gap={0} align="flex-end" visibleFrom="sm">
      {user.role === 'learner' ? (
        <Text size="sm" fw={600} lh={1.3}>
          {user.name}
        </Text>
      ) : (
        // Staff reach their account (two-factor sign-in, decision 106) from their name.
        <Anchor component={Link} to="/my-account" size="sm" fw={600} lh={1.3} c="inherit">
          {user.name}
        </Anchor>
      )}
      <Text size="xs" c="dimmed" lh={1.3}>
        {user.role === 'teacher' ? <PortalRole /> : roleNames[user.role]}
      </Text>
    </Stack>
  );
}
