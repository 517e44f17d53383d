import { Alert, Badge, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { unitWords } from '#contract/units';
import { scrollRegion } from '../../../../components/scroll-region.js';
import { useRouteOlympiad } from '../../../../lib/public-api/use-route-olympiad.js';
import { useTopSchools } from '../../api/get-top-schools.js';
import { score } from '#contract/numbers';

/** A table that scrolls sideways on a phone can be scrolled with the keyboard. */

/**
 * The top schools by the mean of their best N learners: published, or computed now before publishing. A country
 * olympiad ranks its countries' teams the same way (decision 039).
 */
export function TopSchoolsTable({ olympiadId }: { olympiadId: number }) {
  const top = useTopSchools(olympiadId);
  const d = top.data;
  const w = unitWords(useRouteOlympiad().olympiad?.kind);
  const team = w.kind === 'country';
  return (
    <Card withBorder radius="md" padding="lg" mt="lg" aria-labelledby="top-schools-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="top-schools-heading">
          Top {w.entrants}
        </Title>
        {d ? (
          <Badge variant="light" c="dark.7" color={d.source === 'published' ? 'teal' : 'gray'}>
            {d.source === 'published' ? 'As published' : 'Live, not published'}
          </Badge>
        ) : null}
      </Group>
      {top.error ? <Alert color="red">{top.error.message}</Alert> : null}
      {!d ? (
        <Skeleton height={120} />
      ) : d.items.length === 0 ? (
        <Text c="dimmed">No {w.unit} has a ranked learner yet.</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            The mean of each {w.unit}’s best {d.bestN} scores; a {w.unit} with fewer {w.members} counts the missing ones
            as 0.
          </Text>
          <Table.ScrollContainer minWidth={560} scrollAreaProps={scrollRegion(`Top ${w.entrants}`)}>
            <Table aria-label={`Top ${w.entrants}`} verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Rank</Table.Th>
                  <Table.Th>{w.Unit}</Table.Th>
                  {team ? null : <Table.Th>Province</Table.Th>}
                  <Table.Th ta="right">{w.Members}</Table.Th>
                  <Table.Th ta="right">Mean of best {d.bestN}</Table.Th>
                  <Table.Th>Best scores</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.items.slice(0, 50).map((s) => (
                  <Table.Tr key={s.schoolParticipantId}>
                    <Table.Td>{s.rank}</Table.Td>
                    <Table.Td>{s.schoolName}</Table.Td>
                    {team ? null : <Table.Td>{s.province ?? ''}</Table.Td>}
                    <Table.Td ta="right">{s.learners}</Table.Td>
                    <Table.Td ta="right">
                      {score(s.mean)} ({score(s.meanPercent)} %)
                    </Table.Td>
                    <Table.Td>{s.scores.map(score).join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {d.items.length > 50 ? (
            <Text size="sm" c="dimmed" mt="xs">
              The first 50 of {d.items.length} {w.units}.
            </Text>
          ) : null}
        </>
      )}
    </Card>
  );
}
