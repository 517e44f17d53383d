import { Alert, Badge, Group, Pagination, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { PastWinner, PastWinners } from '#contract/public';
import { usePastWinners } from '../api/list-past-winners.js';
import { useProjectFrame } from '../components/ProjectHeader.js';
import { windowText } from './PastOlympiadsPage.js';
import { count, figure } from '#contract/numbers';
import { unitWords } from '#contract/units';

/** Winners as a table: the name column only when the olympiad shows names. */
function WinnersTable({
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
  return (
    // Native scrolling, focusable, so that a keyboard can scroll a table wider than a phone (WCAG 2.1.1).
    <Table.ScrollContainer
      type="native"
      minWidth={showNames ? 460 : 360}
      tabIndex={0}
      role="group"
      aria-label={caption}
    >
      <Table striped verticalSpacing="xs" captionSide="top">
        <Table.Caption ta="left" fw={600} c="dark.6" mt={0}>
          {caption}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Place</Table.Th>
            {showNames ? <Table.Th scope="col">Learner</Table.Th> : null}
            <Table.Th scope="col">School</Table.Th>
            {rank === 'rank' ? <Table.Th scope="col">Grade</Table.Th> : null}
            <Table.Th scope="col">Award</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {winners.map((w, i) => (
            <Table.Tr key={`${w.rank}-${i}`}>
              <Table.Td>{w[rank] ?? w.rank}</Table.Td>
              {showNames ? <Table.Td>{w.name ?? '—'}</Table.Td> : null}
              <Table.Td>{w.school ?? '—'}</Table.Td>
              {rank === 'rank' ? <Table.Td>{w.grade ?? '—'}</Table.Td> : null}
              <Table.Td>{w.awardLabel}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
              <WinnersTable winners={past.top} caption="The top of the olympiad" showNames={showNames} rank="rank" />
            ) : null}
            {past.grades.length ? (
              <Stack gap="xs">
                <Title order={3} size="h4">
                  The best of each grade
                </Title>
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                  {past.grades.map((g) => (
                    <WinnersTable
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
