import { Text } from '@mantine/core';
import { StaffShell } from './StaffShell.js';

export function PortalLayout() {
  return (
    <StaffShell
      layout="portal"
      navLabel="Teacher portal pages"
      context={
        <Text fw={700} size="sm" truncate>
          Teacher portal
        </Text>
      }
    />
  );
}
