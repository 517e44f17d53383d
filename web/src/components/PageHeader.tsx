import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** A short line above the title, e.g. the olympiad. */
  eyebrow?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The one heading of a page (every page has exactly one h1). */
export function PageHeader({ title, eyebrow, description, actions }: PageHeaderProps) {
  return (
    <Group component="header" justify="space-between" align="flex-end" gap="md" mb="xl" wrap="wrap">
      <Stack gap={4} maw={760}>
        {eyebrow ? (
          <Text size="sm" fw={600} c="olympus.7" tt="uppercase" lts={0.6}>
            {eyebrow}
          </Text>
        ) : null}
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="lg">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
