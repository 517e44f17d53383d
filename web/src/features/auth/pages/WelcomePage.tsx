import { Button, Paper, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader.js';
import { useLogout, useSessionUser } from '../../../lib/session/index.js';
import { useT } from '../../../lib/i18n/index.js';

/** /welcome: a signed-in staff member without an olympiad grant yet. */
export function WelcomePage() {
  const t = useT();
  const user = useSessionUser();
  const logout = useLogout();
  return (
    <>
      <PageHeader title={user ? t('portal.account.welcome', { name: user.name }) : t('portal.account.welcomePlain')} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640}>
        <Stack gap="md" align="flex-start">
          <Text size="lg">{t('portal.account.noOlympiad')}</Text>
          <Text c="dimmed">{t('portal.account.noOlympiadHelp')}</Text>
          <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>
            {t('common.signOut')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
