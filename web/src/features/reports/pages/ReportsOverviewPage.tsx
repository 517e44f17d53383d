import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Group, NativeSelect, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { GraphData } from '#contract/reports';
import { LiveSittingCounts } from '../../../components/live-counts/LiveSittingCounts.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { ChartCard } from '../../../components/reports/ChartCard.js';
import { ExportButtons } from '../../../components/reports/ExportButtons.js';
import { OverviewFigures } from '../../../components/reports/OverviewFigures.js';
import { downloadOverview, useDashboardUser, useOverview } from '../../../components/reports/api.js';
import {
  byGrade,
  countAxis,
  gradeName,
  legendInSeriesOrder,
  oneDayInWords,
} from '../../../components/reports/chart-order.js';
import { alerts, showAlert } from '../../../lib/api/index.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useSessionUser } from '../../../lib/session/index.js';
import { downloadGraphData, useGraphData } from '../api/get-graph-data.js';

const gradeColors = ['blue.7', 'teal.7', 'orange.7', 'grape.6', 'cyan.8', 'red.7', 'lime.8', 'indigo.5', 'pink.7'];

/** Learners by province (bars), one series per grade, the grades in number order. */
function provinceRows(g: GraphData) {
  const grades = [...new Set(g.byProvinceGrade.map((p) => p.grade))].sort(byGrade);
  const byProvince = new Map<string, Record<string, string | number>>();
  for (const p of g.byProvinceGrade) {
    const row = byProvince.get(p.province) ?? { province: p.province };
    row[gradeName(p.grade)] = p.learners;
    byProvince.set(p.province, row);
  }
  return {
    data: [...byProvince.values()],
    series: grades.map((grade, i) => ({ name: gradeName(grade), color: gradeColors[i % gradeColors.length]! })),
  };
}

const registrationSeries = [
  { name: 'Learners to date', color: 'blue.7' },
  { name: 'Schools to date', color: 'orange.7', yAxisId: 'right' },
];

/** The first days of an olympiad: one day's registrations are a sentence, not a lonely dot on a line. */
const oneDayOfRegistrations = (g: GraphData) =>
  oneDayInWords(g.registrations, (r) => [
    [r.schools, 'school entered', 'schools entered'],
    [r.learners, 'learner loaded', 'learners loaded'],
  ]);

/**
 * /{olympiadName}/admin/reports/overview, the admin's landing page: the live counts of the day, the olympiad's
 * figures (POST /olympiad/reports/overview/{id}) and its charts (POST /olympiad/reports/graph-data/{id}), each
 * with the table behind it; csv and xlsx of both.
 */
export function ReportsOverviewPage() {
  const session = useSessionUser();
  const { olympiad, olympiadName } = useRouteOlympiad();
  const olympiadId = olympiad?.id;
  const me = useDashboardUser('admin', olympiadId, olympiadId !== undefined);
  const overview = useOverview(olympiadId ?? null, olympiadId !== undefined);
  const [examDay, setExamDay] = useState<string | null>(null);
  const graph = useGraphData(olympiadId, examDay);
  const g = graph.data;

  useEffect(() => {
    if (me.error) showAlert(alerts.userDataLoadFailed);
  }, [me.error]);

  const provinces = g ? provinceRows(g) : null;
  const oneDay = g ? oneDayOfRegistrations(g) : null;
  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title ?? olympiadName}
        title={`Welcome, ${me.data?.user.name ?? session?.name ?? 'admin'}`}
        description="The olympiad at a glance: schools, learners, writing, money and mail, with charts."
        actions={
          olympiadId !== undefined ? (
            <ExportButtons what="the overview" onExport={(f) => downloadOverview(olympiadId, f, olympiadName)} />
          ) : null
        }
      />
      <Stack gap="lg">
        <LiveSittingCounts
          olympiadId={olympiadId}
          description="All learners of this olympiad, refreshed every 10 seconds."
        />
        {overview.error ? (
          <Alert color="red" title="Could not load the figures">
            {overview.error.message}
          </Alert>
        ) : overview.data ? (
          <OverviewFigures figures={overview.data.figures} label="This olympiad’s figures" asOf={overview.data.asOf} />
        ) : (
          <Skeleton height={180} />
        )}
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} size="h3">
            Charts
          </Title>
          {olympiadId !== undefined ? (
            <ExportButtons
              what="the charts’ figures"
              onExport={(f) => downloadGraphData(olympiadId, examDay, f, olympiadName)}
            />
          ) : null}
        </Group>
        {graph.error ? (
          <Alert color="red" title="Could not load the charts">
            {graph.error.message}
          </Alert>
        ) : null}
        {!g || !provinces ? (
          graph.error ? null : (
            <Skeleton height={320} />
          )
        ) : (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <ChartCard
              title="Registrations over time"
              description="Schools entered and learners loaded to date, by day."
              empty="No school has entered yet."
              table={{
                columns: [
                  { header: 'Day' },
                  { header: 'Schools entered', numeric: true },
                  { header: 'Learners loaded', numeric: true },
                  { header: 'Schools to date', numeric: true },
                  { header: 'Learners to date', numeric: true },
                ],
                rows: g.registrations.map((r) => [r.day, r.schools, r.learners, r.totalSchools, r.totalLearners]),
              }}
            >
              {oneDay ? (
                <Text size="lg" fw={600} py="md">
                  {oneDay}
                </Text>
              ) : (
                <LineChart
                  accessibilityLayer={false}
                  h={260}
                  data={g.registrations.map((r) => ({
                    day: r.day,
                    'Learners to date': r.totalLearners,
                    'Schools to date': r.totalSchools,
                  }))}
                  dataKey="day"
                  series={registrationSeries}
                  withRightYAxis
                  yAxisProps={countAxis}
                  rightYAxisProps={countAxis}
                  curveType="linear"
                  withLegend
                  legendProps={{ verticalAlign: 'bottom', itemSorter: legendInSeriesOrder(registrationSeries) }}
                  withDots={g.registrations.length < 40}
                />
              )}
            </ChartCard>
            <ChartCard
              title="Learners by province and grade"
              description="Learners loaded, by their school’s province, in a colour per grade."
              empty="No learners are loaded yet."
              table={{
                columns: [{ header: 'Province' }, { header: 'Grade' }, { header: 'Learners', numeric: true }],
                rows: g.byProvinceGrade.map((p) => [p.province, gradeName(p.grade), p.learners]),
              }}
            >
              <BarChart
                accessibilityLayer={false}
                h={Math.max(200, 60 + provinces.data.length * 36)}
                data={provinces.data}
                dataKey="province"
                type="stacked"
                orientation="vertical"
                series={provinces.series}
                withLegend
                legendProps={{ verticalAlign: 'bottom', itemSorter: legendInSeriesOrder(provinces.series) }}
                xAxisProps={countAxis}
                yAxisProps={{ width: 110, interval: 0 }}
              />
            </ChartCard>
            <ChartCard
              title="Starts per minute on exam day"
              description={
                g.examDay
                  ? `Learners who started each minute on ${g.examDay} (South African time).`
                  : 'Learners who started each minute, on the day most started.'
              }
              empty="No learner has started yet."
              controls={
                g.startDays.length > 1 ? (
                  <NativeSelect
                    label="Exam day"
                    size="xs"
                    mb="xs"
                    maw={220}
                    value={g.examDay ?? ''}
                    onChange={(e) => setExamDay(e.currentTarget.value || null)}
                    data={g.startDays.map((d) => ({ value: d.day, label: `${d.day} (${d.starts} starts)` }))}
                  />
                ) : null
              }
              table={{
                columns: [{ header: 'Minute (SAST)' }, { header: 'Starts', numeric: true }],
                rows: g.startsPerMinute.map((m) => [m.minute, m.starts]),
              }}
            >
              <BarChart
                accessibilityLayer={false}
                h={240}
                data={g.startsPerMinute.map((m) => ({ minute: m.minute, Starts: m.starts }))}
                dataKey="minute"
                series={[{ name: 'Starts', color: 'teal.7' }]}
                yAxisProps={countAxis}
              />
            </ChartCard>
            <ChartCard
              title="Score distribution"
              description="Finished, marked learners by their score, in bands of ten percent."
              empty="No attempt is finished and marked yet."
              table={{
                columns: [{ header: 'Score' }, { header: 'Learners', numeric: true }],
                rows: g.scoreDistribution.some((b) => b.learners)
                  ? g.scoreDistribution.map((b) => [`${b.from}–${b.to} %`, b.learners])
                  : [],
              }}
            >
              <BarChart
                accessibilityLayer={false}
                h={240}
                data={g.scoreDistribution.map((b) => ({ band: `${b.from}–${b.to}`, Learners: b.learners }))}
                dataKey="band"
                series={[{ name: 'Learners', color: 'blue.7' }]}
                xAxisLabel="Score (%)"
                yAxisProps={countAxis}
              />
            </ChartCard>
          </SimpleGrid>
        )}
      </Stack>
    </>
  );
}
