import { Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ResultsOverview } from '#contract/results';
import { Confirm } from '../../../../components/Confirm.js';
import { formatDate } from '../../../../lib/dates.js';
import { usePublishResults } from '../../api/publish-results.js';
import { useUnpublishResults } from '../../api/unpublish-results.js';
import { unitWords } from '#contract/units';
import { useRouteOlympiad } from '../../../../lib/public-api/use-route-olympiad.js';

/** Where the results stand (the attempts behind them, the window, published or not) and publish / withdraw. */
export function PublishPanel({ overview, unsaved }: { overview: ResultsOverview; unsaved: boolean }) {
  const w = unitWords(useRouteOlympiad().olympiad?.kind);
  const publish = usePublishResults();
  const unpublish = useUnpublishResults();
  const [asking, setAsking] = useState<'publish' | 'unpublish' | null>(null);
  const { counts } = overview;
  const published = overview.publishedAt != null;
  const blocked = !overview.windowClosed
    ? overview.endsAt
      ? `The writing window closes on ${formatDate(overview.endsAt)}; publish after that.`
      : 'The olympiad has no end to its writing window yet.'
    : counts.counted === 0
      ? 'No attempt is finished and marked yet.'
      : unsaved
        ? 'Save the rule first: publishing uses the saved rule.'
        : null;
  const close = () => setAsking(null);
  return (
    <Card withBorder radius="md" padding="lg" mb="lg" aria-labelledby="publish-heading">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6}>
          <Group gap="sm">
            <Title order={2} size="h4" id="publish-heading">
              Publishing
            </Title>
            {published ? (
              <Badge color="teal" variant="light" c="dark.7">
                Published
              </Badge>
            ) : (
              <Badge color="gray" variant="light" c="dark.7">
                Not published
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {published
              ? `Published ${formatDate(overview.publishedAt!)}${overview.publishedBy ? ` by ${overview.publishedBy}` : ''}.`
              : 'Teachers and learners see nothing until you publish.'}
          </Text>
          <Text size="sm" c="dimmed">
            {counts.counted} learners ranked: {counts.finished} finished of {counts.learners} registered,{' '}
            {counts.marked} marked, {counts.disqualified} disqualified, {counts.adjusted} adjusted.
          </Text>
        </Stack>
        <Group gap="sm">
          {published ? (
            <Button variant="default" color="red" onClick={() => setAsking('unpublish')}>
              Withdraw
            </Button>
          ) : null}
          <Button disabled={blocked != null} onClick={() => setAsking('publish')}>
            {published ? 'Publish again' : 'Publish the results'}
          </Button>
        </Group>
      </Group>
      {blocked ? (
        <Alert color="yellow" variant="light" mt="sm">
          {blocked}
        </Alert>
      ) : null}
      <Confirm
        opened={asking === 'publish'}
        title={published ? 'Publish the results again?' : 'Publish the results?'}
        confirmLabel={published ? 'Publish again' : 'Publish'}
        loading={publish.isPending}
        onClose={close}
        onConfirm={() => publish.mutate(overview.olympiadId, { onSettled: close })}
      >
        <Text mb="xs">
          The ranks and awards of {counts.counted} learners are computed with the saved rule
          {published ? ', replacing the published ones' : ''}. From then on:
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            each {w.unit}’s {w.manager} sees and downloads their own {w.unit}’s results (not other {w.units}’);
          </List.Item>
          <List.Item>each learner sees their own score, award and rank when they sign in;</List.Item>
          <List.Item>certificates can be generated from these awards.</List.Item>
        </List>
      </Confirm>
      <Confirm
        opened={asking === 'unpublish'}
        title="Withdraw the results?"
        confirmLabel="Withdraw"
        color="red"
        loading={unpublish.isPending}
        onClose={close}
        onConfirm={() => unpublish.mutate(overview.olympiadId, { onSettled: close })}
      >
        Teachers and learners will no longer see the results. Certificates already made stay as they are; you can
        publish again at any time.
      </Confirm>
    </Card>
  );
}
