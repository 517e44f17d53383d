import { Alert, Anchor, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { WatchResult } from '#contract/public';
import { formatDate } from '../../../lib/dates.js';
import { T, useT } from '../../../lib/i18n/index.js';
import { useLangTo } from '../language.js';
import { useWatch } from '../api/get-watch.js';
import { figure } from '#contract/numbers';

function Counter({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Text size="sm" c="dimmed" fw={600} tt="uppercase" lts={0.5}>
        {label}
      </Text>
      <Text fz={{ base: 36, sm: 44 }} fw={700} lh={1.1} c="olympus.8">
        {figure(value)}
      </Text>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

function OpenNow({ watch }: { watch: WatchResult }) {
  const t = useT();
  const langTo = useLangTo();
  const first = watch.open[0];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Counter label={t('public.live.writing')} value={watch.totals.writing} hint={t('public.live.writingHint')} />
        <Counter label={t('public.live.started')} value={watch.totals.started} hint={t('public.live.startedHint')} />
        <Counter label={t('public.live.finished')} value={watch.totals.finished} hint={t('public.live.finishedHint')} />
      </SimpleGrid>
      {watch.open.length > 1 ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {watch.open.map((o) => (
            <Card key={o.id} withBorder radius="md" padding="md">
              <Anchor component={Link} to={langTo(`/${o.projectName}/home`)} fw={600}>
                {o.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t('public.live.figures', {
                  writing: figure(o.writing),
                  started: figure(o.started),
                  finished: figure(o.finished),
                })}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      ) : first ? (
        <Text>
          <T
            id="public.live.openNow"
            values={{
              title: first.title,
              until: formatDate(first.endsAt, 'dateTime', t('public.live.untilClosed')),
            }}
            components={{ 0: <Anchor component={Link} to={langTo(`/${first.projectName}/home`)} /> }}
          />
        </Text>
      ) : null}
    </Stack>
  );
}

function Coming({ watch }: { watch: WatchResult }) {
  const t = useT();
  const langTo = useLangTo();
  if (watch.coming.length === 0) return <Text>{t('public.live.nothing')}</Text>;
  return (
    <Stack gap="sm">
      <Text>{t('public.live.comingUp')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {watch.coming.map((o) => (
          <Card key={o.id} withBorder radius="md" padding="md">
            <Anchor component={Link} to={langTo(`/${o.projectName}/home`)} fw={600}>
              {o.title}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('public.live.opens', { when: formatDate(o.startsAt, 'dateTime') })}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The Watch page's live figures (GET website/api/watch, polled): writing now, started and finished. */
export function LiveCounters() {
  const watch = useWatch();
  const t = useT();
  const live = (watch.data?.open.length ?? 0) > 0;
  return (
    <section aria-labelledby="live-title">
      <Group justify="space-between" align="baseline" mb="md" wrap="wrap">
        <Title order={2} id="live-title">
          {live ? t('public.live.title') : t('public.live.titleNone')}
        </Title>
        {watch.data ? (
          <Text size="sm" c="dimmed">
            {t('public.live.updated', { time: formatDate(watch.data.refreshedAt, 'time') })}
          </Text>
        ) : null}
      </Group>
      {watch.isPending ? <Skeleton height={120} radius="lg" /> : null}
      {watch.isError && !watch.data ? (
        <Alert color="orange" variant="light">
          {t('public.live.unavailable')}
        </Alert>
      ) : null}
      {watch.data ? live ? <OpenNow watch={watch.data} /> : <Coming watch={watch.data} /> : null}
    </section>
  );
}
