import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Confirm } from '../../../components/Confirm.js';
import { useT } from '../../../lib/i18n/index.js';
import { useEndOtherSessions, useEndSession, useOwnSessions } from '../api/sessions.js';
import { SessionList } from '../../../components/SessionList.js';

/** The account page's "Signed-in sessions": each of one's sessions, ending one, and ending all but this one. */
export function SignedInSessionsCard() {
  const t = useT();
  const sessions = useOwnSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [asking, setAsking] = useState(false);
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      maw={640}
      mt="lg"
      component="section"
      aria-labelledby="signed-in-sessions"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} size="h4" id="signed-in-sessions">
            {t('portal.sessions.title')}
          </Title>
          <Button size="xs" variant="light" color="red" disabled={others === 0} onClick={() => setAsking(true)}>
            {t('portal.sessions.endOthers')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('portal.sessions.description')}
        </Text>
        {sessions.isPending ? <Loader size="sm" /> : null}
        {sessions.error ? <Alert color="red">{t('portal.sessions.error')}</Alert> : null}
        {list.length ? (
          <SessionList
            sessions={list}
            ending={endOne.isPending ? endOne.variables : null}
            onEnd={(s) => endOne.mutate(s.id)}
          />
        ) : null}
        {sessions.data && others === 0 ? <Text size="sm">{t('portal.sessions.onlyThis')}</Text> : null}
      </Stack>
      <Confirm
        opened={asking}
        title={t('portal.sessions.confirmOthersTitle')}
        confirmLabel={t('portal.sessions.endOthers')}
        color="red"
        loading={endOthers.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => endOthers.mutate(undefined, { onSettled: () => setAsking(false) })}
      >
        {t('portal.sessions.confirmOthersText')}
      </Confirm>
    </Paper>
  );
}
