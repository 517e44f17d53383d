import {
  Alert,
  Badge,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import type { PastWinner, PastWinners } from '#contract/public';
import { usePastWinners } from '../api/list-past-winners.js';
import { useProjectFrame } from '../components/ProjectHeader.js';
import { windowText } from './PastOlympiadsPage.js';
import { figure } from '#contract/numbers';
import { useT } from '../../../lib/i18n/index.js';

/**
 * Winners as a list, one row each: the place, then the learner (when the olympiad shows names) and the school, then
 * the grade and the award. A row wraps instead of scrolling sideways, so that on a phone (360 px) the grade and the
 * award move under the name and a long school name takes a second line; nothing is cut or hidden.
 */
function WinnersList({
  winners,
  caption,
  showNames,
  rank,
}: {
  winners: PastWinner[];
  caption: string;
  showNames: boolean;
  rank: 'rank' | 'gradeRank';
}) {
  const captionId = useId();
  const t = useT();
  const wraps = { minWidth: 0, overflowWrap: 'anywhere' } as const;
  return (
    <div>
      <Text id={captionId} fw={600} c="dark.6" mb={4}>
        {caption}
      </Text>
      {/* role="list": a list styled without markers is still announced as one (Safari drops it otherwise). */}
      <ol role="list" aria-labelledby={captionId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {winners.map((w, i) => (
          <li
            key={`${w.rank}-${i}`}
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)', padding: 'var(--mantine-spacing-xs) 0' }}
          >
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Text fw={700} miw="2.5ch" ta="right">
                <VisuallyHidden>{t('public.winners.place')} </VisuallyHidden>
                {w[rank] ?? w.rank}
              </Text>
              <Group gap="xs" justify="space-between" align="baseline" wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
                <Stack gap={0} style={{ flex: '1 1 12rem', ...wraps }}>
                  {showNames ? (
                    <Text component="strong" fw={600} style={wraps}>
                      {w.name ?? '—'}
                    </Text>
                  ) : null}
                  <Text size="sm" style={wraps}>
                    {w.school ?? '—'}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="wrap">
                  {rank === 'rank' && w.grade != null ? (
                    <Text size="sm">{t('public.winners.grade', { grade: w.grade })}</Text>
                  ) : null}
                  <Badge variant="light" radius="sm" tt="none">
                    {w.awardLabel}
                  </Badge>
                </Group>
              </Group>
            </Group>
          </li>
        ))}
      </ol>
    </div>
  );
}

function OlympiadWinners({ past, own }: { past: PastWinners; own: 'en' | 'af' }) {
  const t = useT();
  const o = past.olympiad;
  const showNames = past.display !== 'school_only';
  const headingId = `winners-${o.id}`;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={headingId} lang={own}>
            {o.title}
          </Title>
          <Text c="dimmed" size="sm">
            {windowText(o)} ·{' '}
            {t('public.winners.wrote', {
              learnerCount: o.learners,
              learners: figure(o.learners),
              units: figure(o.schools),
              kind: o.kind,
            })}
          </Text>
        </div>
        {!o.resultsPublishedAt ? (
          <Alert color="blue" variant="light" title={t('public.winners.notPublished')}>
            {t('public.winners.notPublishedText', { title: o.title })}
          </Alert>
        ) : (
          <>
            {past.awards.length ? (
              <Group gap="xs" aria-label={t('public.winners.awards')}>
                {past.awards.map((a) => (
                  <Badge key={a.key} variant="light" size="lg" radius="sm" tt="none">
                    {a.label}: {figure(a.count)}
                  </Badge>
                ))}
              </Group>
            ) : null}
            {past.top.length ? (
              <WinnersList winners={past.top} caption={t('public.winners.top')} showNames={showNames} rank="rank" />
            ) : null}
            {past.grades.length ? (
              <Stack gap="xs">
                <Title order={3} size="h4">
                  {t('public.winners.bestOfGrade')}
                </Title>
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                  {past.grades.map((g) => (
                    <WinnersList
                      key={g.grade ?? 'none'}
                      winners={g.winners}
                      caption={
                        g.grade == null ? t('public.winners.noGrade') : t('public.winners.grade', { grade: g.grade })
                      }
                      showNames={showNames}
                      rank="gradeRank"
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** /{projectName}/past-winners: each closed olympiad's winners, named as its organisers chose. */
export function PastWinnersPage() {
  const { projectName = '' } = useParams();
  const t = useT();
  const frame = useProjectFrame(projectName, t('public.project.page.pastWinners'));
  const [page, setPage] = useState(1);
  const winners = usePastWinners(projectName, page);
  const pages = winners.data ? Math.ceil(winners.data.total / winners.data.pageSize) : 0;
  return (
    <Stack gap={0} py="md">
      {frame.header}
      {frame.ready ? (
        <Stack gap="xl">
          {winners.error ? (
            <Alert color="red" role="alert">
              {winners.error.message}
            </Alert>
          ) : null}
          {winners.isPending ? <Skeleton height={240} radius="lg" /> : null}
          {winners.data && winners.data.items.length === 0 ? <Text>{t('public.winners.none')}</Text> : null}
          {winners.data?.items.map((past) => (
            <OlympiadWinners key={past.olympiad.id} past={past} own={frame.project.language ?? 'en'} />
          ))}
          {pages > 1 ? (
            <Pagination total={pages} value={page} onChange={setPage} aria-label={t('public.winners.pages')} />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
