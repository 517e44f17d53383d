import { Text } from '@mantine/core';
import { StaffShell } from './StaffShell.js';

export function OverlordLayout() {
  return (
    <StaffShell
      layout="overlord"
      navLabel="Overlord pages"
      context={
        <Text fw={700} size="sm" truncate>
          Overlord console
        </Text>
      }
    />
  );
}
