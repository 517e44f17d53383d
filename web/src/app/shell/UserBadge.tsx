import { Stack, Text } from '@mantine/core';
import { useSessionUser } from '../../lib/session/index.js';

const roleNames = {
  overlord: 'Overlord',
  admin: 'Olympiad admin',
  accountant: 'Accountant',
  funding: 'Funding',
  teacher: 'Teacher',
  learner: 'Learner',
} as const;

/** The signed-in user's name and role, in a header (from `sm` up). */
export function UserBadge() {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <Stack gap={0} align="flex-end" visibleFrom="sm">
      <Text size="sm" fw={600} lh={1.3}>
        {user.name}
      </Text>
      <Text size="xs" c="dimmed" lh={1.3}>
        {roleNames[user.role]}
      </Text>
    </Stack>
  );
}
