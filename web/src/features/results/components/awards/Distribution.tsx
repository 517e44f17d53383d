import { BarChart } from '@mantine/charts';
import { Alert, Card, Group, Loader, Table, Text, Title } from '@mantine/core';
import type { ResultsPreview } from '#contract/results';

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

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * What the rule gives on the final scores: learners per band of percent, coloured by award (the chart), and per
 * award the count and lowest score, over everyone and per grade (the table).
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
            legendProps={{ verticalAlign: 'bottom' }}
            tickLine="y"
            xAxisLabel="Score"
            yAxisLabel="Learners"
            aria-label="Learners by score band, coloured by award"
          />
          <Table.ScrollContainer minWidth={420} mt="md">
            <Table aria-label="Awards: learners and lowest score" verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Award</Table.Th>
                  <Table.Th ta="right">All</Table.Th>
                  {preview.byGrade.map((g) => (
                    <Table.Th key={String(g.grade)} ta="right">
                      {g.grade == null ? 'No grade' : `Grade ${g.grade}`}
                    </Table.Th>
                  ))}
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
                    {[a, ...preview.byGrade.map((g) => g.awards[i]!)].map((c, j) => (
                      <Table.Td key={j} ta="right">
                        <b>{c.count}</b>
                        {c.lowestScore != null ? (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            from {fmt(c.lowestScore)} ({fmt(c.lowestPercent ?? 0)} %)
                          </Text>
                        ) : null}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td>Best in school (also)</Table.Td>
                  <Table.Td ta="right">
                    <b>{preview.bestInSchool}</b>
                  </Table.Td>
                  {preview.byGrade.map((g) => (
                    <Table.Td key={String(g.grade)} />
                  ))}
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      ) : (
        <Loader aria-label="Loading the distribution" />
      )}
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
