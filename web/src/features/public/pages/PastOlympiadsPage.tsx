import { Alert, Anchor, Badge, Card, Group, Pagination, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { PastOlympiad } from '#contract/public';
import { formatDate } from '../../../lib/dates.js';
import { usePastOlympiads } from '../api/list-past-olympiads.js';
import { useProjectFrame } from '../components/ProjectHeader.js';
import { count } from '#contract/numbers';
import { unitWords } from '#contract/units';

/** The writing window as dates: "3 Mar 2025 – 5 Mar 2025", or one date. */
export function windowText(o: Pick<PastOlympiad, 'startsAt' | 'endsAt'>) {
  const from = formatDate(o.startsAt, 'date', '');
  const to = formatDate(o.endsAt, 'date', '');
  return from && to && from !== to ? `${from} – ${to}` : from || to || 'Dates not recorded';
}

function PastOlympiadCard({ olympiad, projectName }: { olympiad: PastOlympiad; projectName: string }) {
  const w = unitWords(olympiad.kind);
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={`past-${olympiad.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id={`past-${olympiad.id}`}>
            {olympiad.title}
          </Title>
          <Badge variant="light" size="lg" radius="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
            {olympiad.year}
          </Badge>
        </Group>
        <Text c="dimmed" size="sm">
          {windowText(olympiad)}
        </Text>
        <Text>
          {count(olympiad.learners, 'learner', 'learners')} from {count(olympiad.schools, w.entrant, w.entrants)} wrote.
        </Text>
        {olympiad.resultsPublishedAt ? (
          <Anchor component={Link} to={`/${projectName}/past-winners`} fw={600}>
            See the winners
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            Results will appear here once the organisers publish them.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** /{projectName}/past-olympiads: the project's closed olympiads, latest first. */
export function PastOlympiadsPage() {
  const { projectName = '' } = useParams();
  const frame = useProjectFrame(projectName, 'Past olympiads');
  const [page, setPage] = useState(1);
  const past = usePastOlympiads(projectName, page);
  const pages = past.data ? Math.ceil(past.data.total / past.data.pageSize) : 0;
  return (
    <Stack gap={0} py="md">
      {frame.header}
      {frame.ready ? (
        <Stack gap="lg">
          {past.error ? (
            <Alert color="red" role="alert">
              {past.error.message}
            </Alert>
          ) : null}
          {past.isPending ? <Skeleton height={160} radius="lg" /> : null}
          {past.data && past.data.items.length === 0 ? (
            <Text>No olympiad of this project has closed yet. The first results will be here after it does.</Text>
          ) : null}
          {past.data ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {past.data.items.map((o) => (
                <PastOlympiadCard key={o.id} olympiad={o} projectName={projectName} />
              ))}
            </SimpleGrid>
          ) : null}
          {pages > 1 ? (
            <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages of past olympiads" />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
