import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { NavGroup } from './nav.js';

interface SidebarNavProps {
  label: string;
  groups: NavGroup[];
  onNavigate?: () => void;
}

export function SidebarNav({ label, groups, onNavigate }: SidebarNavProps) {
  const { pathname } = useLocation();
  return (
    <ScrollArea component="nav" aria-label={label} type="auto" style={{ flex: 1 }}>
      <Stack gap="md" p="sm" pb="xl">
        {groups.map((group) => (
          <div key={group.label} role="group" aria-labelledby={groupId(group.label)}>
            <Text id={groupId(group.label)} size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.6} px="sm" mb={4}>
              {group.label}
            </Text>
            {group.items.map((item) => {
              const active = pathname === item.to;
              return (
                <NavLink
                  key={item.id}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                  py={8}
                  styles={{ root: { borderRadius: 'var(--mantine-radius-sm)' } }}
                />
              );
            })}
          </div>
        ))}
      </Stack>
    </ScrollArea>
  );
}

function groupId(label: string): string {
  return `nav-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}
