import { Text } from '@mantine/core';
import { usePortalName } from '../../features/portal/routes.js';
import { StaffShell } from './StaffShell.js';

/** The portal's frame: a teacher's, or a country's team admin's (decision 039), named for whose it is. */
export function PortalLayout() {
  const name = usePortalName();
  return (
    <StaffShell
      layout="portal"
      navLabel={`${name} pages`}
      context={
        <Text fw={700} size="sm" truncate>
          {name}
        </Text>
      }
    />
  );
}
