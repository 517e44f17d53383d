import { Alert, Anchor, Badge, Card, Group, Pagination, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { PastOlympiad } from '#contract/public';
import { formatDate } from '../../../lib/dates.js';
import { translate, useT } from '../../../lib/i18n/index.js';
import { useLangTo } from '../language.js';
import { usePastOlympiads } from '../api/list-past-olympiads.js';
import { useProjectFrame } from '../components/ProjectHeader.js';
import { figure } from '#contract/numbers';

/** The writing window as dates: "3 Mar 2025 – 5 Mar 2025", or one date. */
export function windowText(o: Pick<PastOlympiad, 'startsAt' | 'endsAt'>) {
  const from = formatDate(o.startsAt, 'date', '');
  const to = formatDate(o.endsAt, 'date', '');
  return from && to && from !== to ? `${from} – ${to}` : from || to || translate('public.past.noDates');
}

/** "1 234 learners from 56 schools wrote." (teams of countries for a country olympiad). */
export function wroteValues(o: Pick<PastOlympiad, 'learners' | 'schools' | 'kind'>) {
  return {
    learnerCount: o.learners,
    learners: figure(o.learners),
    unitCount: o.schools,
    units: figure(o.schools),
    kind: o.kind,
  };
}

function PastOlympiadCard({
  olympiad,
  projectName,
  own,
}: {
  olympiad: PastOlympiad;
  projectName: string;
  own: 'en' | 'af';
}) {
  const t = useT();
  const langTo = useLangTo();
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={`past-${olympiad.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id={`past-${olympiad.id}`} lang={own}>
            {olympiad.title}
          </Title>
          <Badge variant="light" size="lg" radius="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
            {olympiad.year}
          </Badge>
        </Group>
        <Text c="dimmed" size="sm">
          {windowText(olympiad)}
        </Text>
        <Text>{t('public.past.wrote', wroteValues(olympiad))}</Text>
        {olympiad.resultsPublishedAt ? (
          <Anchor component={Link} to={langTo(`/${projectName}/past-winners`, own)} fw={600}>
            {t('public.past.seeWinners')}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('public.past.resultsLater')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** /{projectName}/past-olympiads: the project's closed olympiads, latest first. */
export function PastOlympiadsPage() {
  const { projectName = '' } = useParams();
  const t = useT();
  const frame = useProjectFrame(projectName, t('public.project.page.pastOlympiads'));
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
          {past.data && past.data.items.length === 0 ? <Text>{t('public.past.none')}</Text> : null}
          {past.data ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {past.data.items.map((o) => (
                <PastOlympiadCard
                  key={o.id}
                  olympiad={o}
                  projectName={projectName}
                  own={frame.project.language ?? 'en'}
                />
              ))}
            </SimpleGrid>
          ) : null}
          {pages > 1 ? (
            <Pagination total={pages} value={page} onChange={setPage} aria-label={t('public.past.pages')} />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
