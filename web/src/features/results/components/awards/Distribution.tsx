import { BarChart } from '@mantine/charts';
import { Alert, Card, Group, Loader, Table, Text, Title } from '@mantine/core';
import type { ResultsPreview } from '#contract/results';
import { score } from '#contract/numbers';
import { unitWords } from '#contract/units';
import { countAxis, legendInSeriesOrder } from '../../../../components/reports/chart-order.js';
import { scrollRegion } from '../../../../components/scroll-region.js';
import { useRouteOlympiad } from '../../../../lib/public-api/use-route-olympiad.js';

const palette: Record<string, string> = {
  gold: 'yellow.5',
  silver: 'gray.5',
  bronze: 'orange.7',
  merit: 'blue.6',
  participation: 'teal.6',
  '': 'gray.3',
};
const others = ['violet.6', 'pink.6', 'cyan.7', 'lime.7', 'indigo.5', 'grape.6'];

/** A colour per award key: the medals' own, then a palette. */
export function awardColor(key: string, index: number): string {
  return palette[key] ?? others[index % others.length]!;
}

/**
 * What the rule gives on the final scores: learners per band of percent, coloured by award (the chart), and per
 * award the count and lowest score (the table).
 */
export function Distribution({
  preview,
  loading,
  error,
}: {
  preview: ResultsPreview | undefined;
  loading: boolean;
  error: Error | null;
}) {
  const { unit } = unitWords(useRouteOlympiad().olympiad?.kind);
  const awards = preview?.awards ?? [];
  const series = awards.map((a, i) => ({ name: a.label, color: awardColor(a.key, i) }));
  const data =
    preview?.histogram.map((b) => {
      const row: Record<string, string | number> = { band: `${b.from}–${b.to} %` };
      for (const a of awards) row[a.label] = b.awards[a.key] ?? 0;
      return row;
    }) ?? [];
  return (
    <Card withBorder radius="md" padding="lg" aria-labelledby="distribution-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="distribution-heading">
          Distribution
        </Title>
        <Text size="sm" c="dimmed" aria-live="polite">
          {loading ? <Loader size="xs" aria-label="Updating" /> : preview ? `${preview.counted} learners ranked` : ''}
        </Text>
      </Group>
      {error ? (
        <Alert color="red" title="Could not compute the distribution" mb="md">
          {error.message}
        </Alert>
      ) : null}
      {preview && preview.counted === 0 ? (
        <Text c="dimmed">No attempt is finished and marked yet.</Text>
      ) : preview ? (
        <>
          <BarChart
            h={240}
            data={data}
            dataKey="band"
            type="stacked"
            series={series}
            withLegend
            // The awards in their rank (best band first, as the rule lists them), not alphabetical.
            legendProps={{ verticalAlign: 'bottom', itemSorter: legendInSeriesOrder(series) }}
            yAxisProps={countAxis}
            tickLine="y"
            xAxisLabel="Score"
            yAxisLabel="Learners"
            aria-label="Learners by score band, coloured by award"
          />
          <Table aria-label="Awards: learners and lowest score" verticalSpacing={4} fz="sm" mt="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Award</Table.Th>
                <Table.Th ta="right">Learners</Table.Th>
                <Table.Th ta="right">Lowest score</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {awards.map((a, i) => (
                <Table.Tr key={a.key || 'none'}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Swatch color={awardColor(a.key, i)} />
                      {a.label}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{a.count}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {a.lowestScore != null ? `${score(a.lowestScore)} (${score(a.lowestPercent ?? 0)} %)` : '–'}
                  </Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td>Best in {unit} (as well)</Table.Td>
                <Table.Td ta="right">{preview.bestInSchool}</Table.Td>
                <Table.Td />
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </>
      ) : (
        <Loader aria-label="Loading the distribution" />
      )}
    </Card>
  );
}

/** Per grade: each award's learners and lowest score (the rule per grade, or the overall rule seen per grade). */
export function ByGrade({ preview }: { preview: ResultsPreview | undefined }) {
  if (!preview || preview.counted === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" mt="lg" aria-labelledby="by-grade-heading">
      <Title order={2} size="h4" id="by-grade-heading" mb="sm">
        Awards per grade
      </Title>
      <Table.ScrollContainer
        minWidth={Math.max(420, 140 + 110 * preview.byGrade.length)}
        scrollAreaProps={scrollRegion('Awards per grade')}
      >
        <Table aria-label="Awards per grade" verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Award</Table.Th>
              {preview.byGrade.map((g) => (
                <Table.Th key={String(g.grade)} ta="right">
                  {g.grade == null ? 'No grade' : `Grade ${g.grade}`} ({g.counted})
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.awards.map((a, i) => (
              <Table.Tr key={a.key || 'none'}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Swatch color={awardColor(a.key, i)} />
                    {a.label}
                  </Group>
                </Table.Td>
                {preview.byGrade.map((g) => {
                  const c = g.awards[i]!;
                  return (
                    <Table.Td key={String(g.grade)} ta="right">
                      {c.count}
                      {c.lowestScore != null ? (
                        <Text span size="xs" c="dimmed" display="block">
                          from {score(c.lowestScore)}
                        </Text>
                      ) : null}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function Swatch({ color }: { color: string }) {
  const [name, shade] = color.split('.');
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: 12,
        height: 12,
        borderRadius: 3,
        background: `var(--mantine-color-${name}-${shade})`,
      }}
    />
  );
}
