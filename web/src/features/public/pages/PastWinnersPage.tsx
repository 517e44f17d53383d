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
import { count, figure } from '#contract/numbers';
import { unitWords } from '#contract/units';

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
                <VisuallyHidden>Place </VisuallyHidden>
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
                  {rank === 'rank' && w.grade != null ? <Text size="sm">Grade {w.grade}</Text> : null}
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

function OlympiadWinners({ past }: { past: PastWinners }) {
  const o = past.olympiad;
  const showNames = past.display !== 'school_only';
  const headingId = `winners-${o.id}`;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {o.title}
          </Title>
          <Text c="dimmed" size="sm">
            {windowText(o)} · {count(o.learners, 'learner')} from {figure(o.schools)} {unitWords(o.kind).entrants}
          </Text>
        </div>
        {!o.resultsPublishedAt ? (
          <Alert color="blue" variant="light" title="Results are not published yet">
            The winners of {o.title} will appear here once the organisers publish the results.
          </Alert>
        ) : (
          <>
            {past.awards.length ? (
              <Group gap="xs" aria-label="Awards given">
                {past.awards.map((a) => (
                  <Badge key={a.key} variant="light" size="lg" radius="sm" tt="none">
                    {a.label}: {figure(a.count)}
                  </Badge>
                ))}
              </Group>
            ) : null}
            {past.top.length ? (
              <WinnersList winners={past.top} caption="The top of the olympiad" showNames={showNames} rank="rank" />
            ) : null}
            {past.grades.length ? (
              <Stack gap="xs">
                <Title order={3} size="h4">
                  The best of each grade
                </Title>
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                  {past.grades.map((g) => (
                    <WinnersList
                      key={g.grade ?? 'none'}
                      winners={g.winners}
                      caption={g.grade == null ? 'Grade not given' : `Grade ${g.grade}`}
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
  const frame = useProjectFrame(projectName, 'Past winners');
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
          {winners.data && winners.data.items.length === 0 ? (
            <Text>No olympiad of this project has closed yet. Its winners will be honoured here.</Text>
          ) : null}
          {winners.data?.items.map((past) => (
            <OlympiadWinners key={past.olympiad.id} past={past} />
          ))}
          {pages > 1 ? (
            <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages of past winners" />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
