import { Alert, Anchor, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { WatchResult } from '#contract/public';
import { formatDate } from '../../../lib/dates.js';
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
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Counter label="Writing now" value={watch.totals.writing} hint="learners with a paper open" />
        <Counter label="Started" value={watch.totals.started} hint="learners who began an open olympiad" />
        <Counter label="Finished" value={watch.totals.finished} hint="papers handed in" />
      </SimpleGrid>
      {watch.open.length > 1 ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {watch.open.map((o) => (
            <Card key={o.id} withBorder radius="md" padding="md">
              <Anchor component={Link} to={`/${o.projectName}/home`} fw={600}>
                {o.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {figure(o.writing)} writing · {figure(o.started)} started · {figure(o.finished)} finished
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      ) : watch.open[0] ? (
        <Text>
          Open now:{' '}
          <Anchor component={Link} to={`/${watch.open[0].projectName}/home`}>
            {watch.open[0].title}
          </Anchor>
          , until {formatDate(watch.open[0].endsAt, 'dateTime', 'the organisers close it')}.
        </Text>
      ) : null}
    </Stack>
  );
}

function Coming({ watch }: { watch: WatchResult }) {
  if (watch.coming.length === 0) return <Text>No olympiad is open now, and none is scheduled yet.</Text>;
  return (
    <Stack gap="sm">
      <Text>No olympiad is open for writing right now. Coming up:</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {watch.coming.map((o) => (
          <Card key={o.id} withBorder radius="md" padding="md">
            <Anchor component={Link} to={`/${o.projectName}/home`} fw={600}>
              {o.title}
            </Anchor>
            <Text size="sm" c="dimmed">
              Opens {formatDate(o.startsAt, 'dateTime')}
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
  const live = (watch.data?.open.length ?? 0) > 0;
  return (
    <section aria-labelledby="live-title">
      <Group justify="space-between" align="baseline" mb="md" wrap="wrap">
        <Title order={2} id="live-title">
          {live ? 'Live now' : 'Olympiads now'}
        </Title>
        {watch.data ? (
          <Text size="sm" c="dimmed">
            Updated {formatDate(watch.data.refreshedAt, 'time')}
          </Text>
        ) : null}
      </Group>
      {watch.isPending ? <Skeleton height={120} radius="lg" /> : null}
      {watch.isError && !watch.data ? (
        <Alert color="orange" variant="light">
          The live figures are not available right now.
        </Alert>
      ) : null}
      {watch.data ? live ? <OpenNow watch={watch.data} /> : <Coming watch={watch.data} /> : null}
    </section>
  );
}
