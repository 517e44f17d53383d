import { Button, Paper, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader.js';
import { useLogout, useSessionUser } from '../../../lib/session/index.js';

/** /welcome: a signed-in staff member without an olympiad grant yet. */
export function WelcomePage() {
  const user = useSessionUser();
  const logout = useLogout();
  return (
    <>
      <PageHeader title={`Welcome${user ? `, ${user.name}` : ''}`} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640}>
        <Stack gap="md" align="flex-start">
          <Text size="lg">Your account is not linked to an olympiad yet.</Text>
          <Text c="dimmed">
            When the platform team grants you access to an olympiad, its area opens here the next time you sign in.
          </Text>
          <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>
            Sign out
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
