import { Badge, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { PageHeader } from './PageHeader.js';
import { useCurrentRoute } from '../lib/routing/index.js';
import { HourglassIcon } from './icons.js';

/** The honest body of a page whose feature comes with a later release. */
export function NotAvailableYetNotice({ summary }: { summary: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size={44} radius="xl" variant="light" aria-hidden="true">
          <HourglassIcon size={24} />
        </ThemeIcon>
        <Badge variant="default" size="lg" radius="sm">
          Not available yet
        </Badge>
        <Text size="lg">{summary}</Text>
        <Text c="dimmed">
          This page is part of a later release of Olympus. Nothing here is working yet, and nothing you do here is
          saved.
        </Text>
      </Stack>
    </Paper>
  );
}

/** A whole page for a route of the table whose page is not built yet. */
export function NotAvailableYetPage() {
  const route = useCurrentRoute();
  const title = route?.title ?? 'Not available yet';
  return (
    <>
      <PageHeader title={title} />
      <NotAvailableYetNotice summary={route?.summary ?? 'This page is not available yet.'} />
    </>
  );
}
