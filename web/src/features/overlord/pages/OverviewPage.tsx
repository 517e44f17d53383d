import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Alert, Anchor, Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.js';
import { ChartCard } from '../../../components/reports/ChartCard.js';
import { ExportButtons } from '../../../components/reports/ExportButtons.js';
import { OverviewFigures } from '../../../components/reports/OverviewFigures.js';
import { downloadOverview, useDashboardUser, useOverview } from '../../../components/reports/api.js';
import { countAxis, legendInSeriesOrder, oneDayInWords } from '../../../components/reports/chart-order.js';
import { scrollRegion } from '../../../components/scroll-region.js';
import type { ReportOverview } from '#contract/reports';
import { alerts, showAlert } from '../../../lib/api/index.js';
import { figure, money } from '#contract/numbers';
import { useSessionUser } from '../../../lib/session/index.js';

const overTimeSeries = [
  { name: 'Learners loaded', color: 'blue.7' },
  { name: 'Started', color: 'teal.7' },
  { name: 'Mail sent', color: 'grape.6' },
  { name: 'Schools entered', color: 'orange.7', yAxisId: 'right' },
];

/** Every day from the first to the last with a figure (days without one count zero), as totals to date. */
function toDate(days: ReportOverview['overTime']) {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const out: Array<{ day: string; schools: number; learners: number; started: number; mail: number }> = [];
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return out;
  const t = { schools: 0, learners: 0, started: 0, mail: 0 };
  for (
    let d = new Date(`${first.day}T00:00:00Z`);
    d <= new Date(`${last.day}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    const day = d.toISOString().slice(0, 10);
    const x = byDay.get(day);
    if (x) {
      t.schools += x.schoolsEntered;
      t.learners += x.learnersLoaded;
      t.started += x.started;
      t.mail += x.mailSent;
    }
    out.push({ day, ...t });
  }
  return out;
}

/**
 * /overlord/overview: every olympiad at a glance (POST /olympiad/reports/overview without an id): the figures
 * together, what happened by day, and each olympiad's figures with a link to its own report; csv and xlsx.
 */
export function OverviewPage() {
  const session = useSessionUser();
  const me = useDashboardUser('overlord');
  const overview = useOverview(null);
  const o = overview.data;

  useEffect(() => {
    if (me.error) showAlert(alerts.userDataLoadFailed);
  }, [me.error]);

  const days = toDate(o?.overTime ?? []);
  // The platform's first day is a sentence, not four lonely dots.
  const oneDay = oneDayInWords(days, (d) => [
    [d.schools, 'school entered', 'schools entered'],
    [d.learners, 'learner loaded', 'learners loaded'],
    [d.started, 'learner started', 'learners started'],
    [d.mail, 'email sent', 'emails sent'],
  ]);
  return (
    <>
      <PageHeader
        eyebrow="Platform overview"
        title={`Welcome, ${me.data?.user.name ?? session?.name ?? 'overlord'}`}
        description="Every olympiad on Olympus at a glance: schools, learners, writing, money and mail."
        actions={<ExportButtons what="the overview" onExport={(f) => downloadOverview(null, f, 'all-olympiads')} />}
      />
      {overview.error ? (
        <Alert color="red" title="Could not load the overview" mb="lg">
          {overview.error.message}
        </Alert>
      ) : null}
      {!o ? (
        overview.error ? null : (
          <Skeleton height={320} />
        )
      ) : (
        <Stack gap="lg">
          <OverviewFigures figures={o.figures} label="Every olympiad together" asOf={o.asOf} />
          <ChartCard
            title="Over time"
            description="Totals to date, by day (South African time): learners loaded and started, mail sent, and schools entered (right axis)."
            empty="Nothing has happened yet."
            table={{
              columns: [
                { header: 'Day' },
                { header: 'Schools entered', numeric: true },
                { header: 'Learners loaded', numeric: true },
                { header: 'Started', numeric: true },
                { header: 'Mail sent', numeric: true },
              ],
              rows: days.map((d) => [d.day, d.schools, d.learners, d.started, d.mail]),
            }}
          >
            {oneDay ? (
              <Text size="lg" fw={600} py="md">
                {oneDay}
              </Text>
            ) : (
              <LineChart
                accessibilityLayer={false}
                h={280}
                data={days.map((d) => ({
                  day: d.day,
                  'Schools entered': d.schools,
                  'Learners loaded': d.learners,
                  Started: d.started,
                  'Mail sent': d.mail,
                }))}
                dataKey="day"
                series={overTimeSeries}
                withRightYAxis
                yAxisProps={countAxis}
                rightYAxisProps={countAxis}
                curveType="linear"
                withLegend
                legendProps={{ verticalAlign: 'bottom', itemSorter: legendInSeriesOrder(overTimeSeries) }}
                withDots={days.length < 40}
              />
            )}
          </ChartCard>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="olympiads-title">
            <Title order={2} size="h4" id="olympiads-title" mb="sm">
              Olympiads
            </Title>
            {o.olympiads.length ? (
              <Table.ScrollContainer minWidth={860} scrollAreaProps={scrollRegion('Olympiads')}>
                <Table aria-labelledby="olympiads-title" verticalSpacing="xs" fz="sm" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Olympiad</Table.Th>
                      <Table.Th scope="col" ta="right">
                        Schools
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Learners
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Writing now
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Finished
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Invoiced
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Paid
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Mail sent
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {o.olympiads.map((x) => (
                      <Table.Tr key={x.id}>
                        <Table.Td>
                          <Anchor component={Link} to={`/${x.varName}/admin/reports/overview`}>
                            {x.title}
                          </Anchor>
                        </Table.Td>
                        <Table.Td ta="right">{figure(x.schoolsEntered)}</Table.Td>
                        <Table.Td ta="right">{figure(x.learnersLoaded)}</Table.Td>
                        <Table.Td ta="right">{figure(x.writingNow)}</Table.Td>
                        <Table.Td ta="right">{figure(x.finished)}</Table.Td>
                        <Table.Td ta="right">{money(x.money[0]?.invoicedCents ?? 0, x.currency)}</Table.Td>
                        <Table.Td ta="right">{money(x.money[0]?.paidCents ?? 0, x.currency)}</Table.Td>
                        <Table.Td ta="right">{figure(x.mailSent)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : (
              <Text size="sm" c="dimmed">
                No olympiad yet.
              </Text>
            )}
          </Card>
        </Stack>
      )}
    </>
  );
}
