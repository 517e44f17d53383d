import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Table, Text, Title } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader.js';
import { legendInSeriesOrder } from '../../../components/reports/chart-order.js';
import { scrollRegion } from '../../../components/scroll-region.js';
import { showAlert } from '../../../lib/api/index.js';
import { count, money, units } from '#contract/numbers';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { downloadDashboard } from '../api/download-exports.js';
import { useDashboard } from '../api/get-dashboard.js';
import { stateLabels } from '../components/StateBadge.js';
import { unitWords } from '#contract/units';

// Invoiced before paid, paid before outstanding: the order money moves in, not the alphabet's.
const overTimeSeries = [
  { name: 'Invoiced', color: 'blue.7' },
  { name: 'Paid', color: 'teal.7' },
];
const byProvinceSeries = [
  { name: 'Paid', color: 'teal.7' },
  { name: 'Outstanding', color: 'orange.7' },
];

function Figure({ label, cents, currency, hint }: { label: string; cents: number; currency: string; hint?: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {money(cents, currency)}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

/**
 * /{o}/admin/payments, the Payments-Dashboard (decision 033): invoiced, paid, outstanding and pre-approved
 * totals, by province and over time, as figures, charts and an xlsx download. Loaded on its own (the charts
 * library is only fetched here).
 */
export function PaymentsDashboardPage() {
  const { olympiad } = useRouteOlympiad();
  const dashboard = useDashboard(olympiad?.id);
  const words = unitWords(olympiad?.kind);
  const d = dashboard.data;
  const currency = d?.currency ?? 'ZAR';
  const inMoney = (v: number) => money(v * 100, currency);
  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Payments dashboard"
        description={`What the ${words.units} of this olympiad were invoiced and have paid, what is still outstanding, and where.`}
        actions={
          olympiad ? (
            <Button
              variant="default"
              onClick={() => downloadDashboard(olympiad.id).catch((e: Error) => showAlert(e.message))}
            >
              Download xlsx
            </Button>
          ) : null
        }
      />
      {dashboard.error ? (
        <Alert color="red" title="Could not load the dashboard">
          {dashboard.error.message}
        </Alert>
      ) : null}
      {!d ? (
        <Skeleton height={300} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" mb="lg">
            <Figure
              label="Invoiced"
              cents={d.totals.invoicedCents}
              currency={currency}
              hint={`${count(d.totals.orders, words.unit, words.units)}, ${count(d.totals.learners, words.member, words.members)}`}
            />
            <Figure
              label="Paid"
              cents={d.totals.paidCents}
              currency={currency}
              hint={
                d.totals.invoicedCents
                  ? `${Math.round((100 * d.totals.paidCents) / d.totals.invoicedCents)} % of invoiced`
                  : undefined
              }
            />
            <Figure
              label="Outstanding"
              cents={d.totals.outstandingCents}
              currency={currency}
              hint={d.totals.overpaidCents ? `${money(d.totals.overpaidCents, currency)} overpaid` : undefined}
            />
            <Figure
              label="Outstanding, pre-approved"
              cents={d.totals.preApprovedCents}
              currency={currency}
              hint="May write before paying"
            />
          </SimpleGrid>
          <Group gap="xs" mb="lg" wrap="wrap" aria-label="Orders by state" role="group">
            {(['unpaid', 'pre', 'paid', 'deleted'] as const).map((s) => (
              <Text key={s} size="sm">
                {stateLabels[s]}: <b>{d.byState[s]}</b>
                {s !== 'deleted' ? ' · ' : ''}
              </Text>
            ))}
          </Group>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <Card withBorder radius="md" padding="lg">
              <Title order={2} size="h4" mb="md">
                Over time
              </Title>
              {d.overTime.length ? (
                <AreaChart
                  h={260}
                  data={d.overTime.map((t) => ({
                    day: t.day.slice(5),
                    Invoiced: units(t.cumulativeInvoicedCents),
                    Paid: units(t.cumulativePaidCents),
                  }))}
                  dataKey="day"
                  series={overTimeSeries}
                  curveType="monotone"
                  valueFormatter={inMoney}
                  withLegend
                  legendProps={{ verticalAlign: 'bottom', itemSorter: legendInSeriesOrder(overTimeSeries) }}
                  aria-label="Invoiced and paid to date, by day"
                />
              ) : (
                <Text size="sm" c="dimmed">
                  Nothing invoiced or paid yet.
                </Text>
              )}
            </Card>
            <Card withBorder radius="md" padding="lg">
              <Title order={2} size="h4" mb="md">
                By province
              </Title>
              {d.byProvince.length ? (
                <BarChart
                  h={260}
                  data={d.byProvince.map((p) => ({
                    province: p.province,
                    Paid: units(p.paidCents),
                    Outstanding: units(p.outstandingCents),
                  }))}
                  dataKey="province"
                  type="stacked"
                  series={byProvinceSeries}
                  valueFormatter={inMoney}
                  withLegend
                  legendProps={{ verticalAlign: 'bottom', itemSorter: legendInSeriesOrder(byProvinceSeries) }}
                  aria-label="Paid and outstanding by province"
                />
              ) : (
                <Text size="sm" c="dimmed">
                  No {words.units} yet.
                </Text>
              )}
            </Card>
          </SimpleGrid>
          <Card withBorder radius="md" padding="lg" mt="lg">
            <Title order={2} size="h4" mb="sm">
              By province, in figures
            </Title>
            <Table.ScrollContainer minWidth={520} scrollAreaProps={scrollRegion('By province, in figures')}>
              <Table aria-label="By province" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Province</Table.Th>
                    <Table.Th ta="right">{words.Units}</Table.Th>
                    <Table.Th ta="right">Invoiced</Table.Th>
                    <Table.Th ta="right">Paid</Table.Th>
                    <Table.Th ta="right">Outstanding</Table.Th>
                    <Table.Th ta="right">Pre-approved</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.byProvince.map((p) => (
                    <Table.Tr key={p.province}>
                      <Table.Td>{p.province}</Table.Td>
                      <Table.Td ta="right">{p.orders}</Table.Td>
                      <Table.Td ta="right">{money(p.invoicedCents, currency)}</Table.Td>
                      <Table.Td ta="right">{money(p.paidCents, currency)}</Table.Td>
                      <Table.Td ta="right">{money(p.outstandingCents, currency)}</Table.Td>
                      <Table.Td ta="right">{money(p.preApprovedCents, currency)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </>
      )}
    </>
  );
}
