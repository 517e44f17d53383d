import { Button, Menu, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { homeFor } from '#contract/index';
import { useCurrentRoute } from '../../lib/routing/index.js';
import { useCurrentGrant, useSessionUser } from '../../lib/session/index.js';
import { StaffShell } from './StaffShell.js';

const sectionNames = { admin: 'Administration', finance: 'Finance', funding: 'Funding' } as const;

/** The olympiad staff area: /{olympiadName}/admin|finance|funding/… */
export function MainLayout() {
  const route = useCurrentRoute();
  const section = sectionNames[route?.section ?? 'admin'];
  return <StaffShell layout="main" navLabel={`${section} pages`} context={<OlympiadContext section={section} />} />;
}

function OlympiadContext({ section }: { section: string }) {
  const user = useSessionUser();
  const grant = useCurrentGrant();
  const { olympiadName = '' } = useParams();
  const title = grant?.olympiadTitle ?? olympiadName;
  const others = user?.grants.filter((g) => g.olympiadName !== olympiadName) ?? [];
  const label = (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text fw={700} size="sm" truncate maw={{ base: 150, sm: 320 }}>
        {title}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {section}
      </Text>
    </Stack>
  );
  if (!user || others.length === 0) return label;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="dark" px={6} h="auto" py={2}>
          {label}
          {/* the visible name, then what the button does: axe's label-in-name holds */}
          <VisuallyHidden>: switch olympiad</VisuallyHidden>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Switch olympiad</Menu.Label>
        {others.map((g) => (
          <Menu.Item key={g.olympiadName} component={Link} to={homeFor({ ...user, grants: [g] })}>
            {g.olympiadTitle}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
