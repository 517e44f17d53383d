import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import type { LoginActivityQuery, LoginActivityRow } from '#contract/logs';
import { PageHeader } from '../../../components/PageHeader.js';
import { countAxis, legendInSeriesOrder } from '../../../components/reports/chart-order.js';
import { scrollRegion } from '../../../components/scroll-region.js';
import type { Column } from '../../../components/PagedTable.js';
import { formatDate } from '../../../lib/dates.js';
import { downloadLoginActivity, useLoginActivity } from '../api/get-login-activity.js';
import { useOlympiadFilter } from '../api/list-olympiads.js';

const PAGE_SIZE = 25;
type Window = NonNullable<LoginActivityQuery['timeWindow']>;
const windows: { value: Window; label: string }[] = [
  { value: 'hour', label: 'An hour' },
  { value: 'day', label: 'A day' },
  { value: 'week', label: 'A week' },
  { value: 'month', label: '30 days' },
];
// Sign-ins first, failures beside them: recharts would otherwise put "Failed" first, by the alphabet.
const signinSeries = [
  { name: 'Sign-ins', color: 'teal.7' },
  { name: 'Failed', color: 'red.7' },
];

/** /overlord/learner-login-activity: learner sign-ins and failures over time, per olympiad and school. */
export function LoginActivityPage() {
  const [page, setPage] = useState(1);
  const olympiads = useOlympiadFilter();
  const [olympiadId, setOlympiadId] = useState<string | null>(null);
  const [startDate, setStartDate] = useState('');
  const [timeWindow, setTimeWindow] = useState<Window>('day');
  const params: LoginActivityQuery = {
    page,
    pageSize: PAGE_SIZE,
    timeWindow,
    ...(olympiadId ? { olympiadId: Number(olympiadId) } : {}),
    ...(startDate ? { startDate } : {}),
  };
  const activity = useLoginActivity(params);
  const d = activity.data;
  const label = (at: string) => formatDate(at, d?.bucket === 'hour' ? 'dateTime' : 'date');
  const reset = () => setPage(1);

  const columns: Column<LoginActivityRow>[] = [
    { key: 'olympiad', label: 'Olympiad', render: (r) => r.olympiadTitle },
    { key: 'school', label: 'School', render: (r) => r.schoolName ?? 'Unknown username' },
    { key: 'signins', label: 'Sign-ins', render: (r) => r.signins },
    { key: 'failures', label: 'Failed', render: (r) => r.failures },
    { key: 'lastAt', label: 'Latest', render: (r) => formatDate(r.lastAt) },
  ];

  return (
    <>
      <PageHeader
        title="Learner login activity"
        description="Learner sign-ins and failed sign-ins over time, per olympiad and school: spot trouble on writing day."
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
        <Select
          label="Olympiad"
          placeholder="Every olympiad"
          data={olympiads.data ?? []}
          value={olympiadId}
          onChange={(v) => {
            setOlympiadId(v);
            reset();
          }}
          searchable
          clearable
        />
        <TextInput
          label="From"
          type="date"
          value={startDate}
          onChange={(e) => {
            setStartDate(e.currentTarget.value);
            reset();
          }}
        />
        <Select
          label="For"
          data={windows}
          value={timeWindow}
          onChange={(v) => {
            setTimeWindow((v as Window | null) ?? 'day');
            reset();
          }}
          allowDeselect={false}
        />
      </SimpleGrid>
      {activity.error ? (
        <Alert color="red" title="Could not load the activity" mb="md">
          {activity.error.message}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg" mb="lg" component="section" aria-labelledby="signins-over-time">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} size="h4" id="signins-over-time">
            Over time{d ? `: ${d.totals.signins} sign-ins, ${d.totals.failures} failed` : ''}
          </Title>
          <Text size="sm" c="dimmed">
            {d ? `${formatDate(d.from)} to ${formatDate(d.to)}, per ${d.bucket}` : ''}
          </Text>
        </Group>
        <BarChart
          h={260}
          data={(d?.series ?? []).map((p) => ({ at: label(p.at), 'Sign-ins': p.signins, Failed: p.failures }))}
          dataKey="at"
          series={signinSeries}
          withLegend
          legendProps={{ verticalAlign: 'bottom', itemSorter: legendInSeriesOrder(signinSeries) }}
          yAxisProps={countAxis}
          aria-label="Sign-ins and failed sign-ins over time (the table below the chart has the figures)"
        />
        <VisuallyHidden>
          <Table aria-label="Sign-ins and failed sign-ins over time">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Sign-ins</Table.Th>
                <Table.Th>Failed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(d?.series ?? []).map((p) => (
                <Table.Tr key={p.at}>
                  <Table.Td>{label(p.at)}</Table.Td>
                  <Table.Td>{p.signins}</Table.Td>
                  <Table.Td>{p.failures}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </VisuallyHidden>
      </Card>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4">
          Per olympiad and school
        </Title>
        <Group gap="xs">
          <Button variant="default" size="sm" onClick={() => void downloadLoginActivity(params, 'csv')}>
            Export CSV
          </Button>
          <Button variant="default" size="sm" onClick={() => void downloadLoginActivity(params, 'xlsx')}>
            Export Excel
          </Button>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={560} scrollAreaProps={scrollRegion('Sign-ins per olympiad and school')}>
        <Table striped verticalSpacing="sm" aria-label="Sign-ins per olympiad and school">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key}>{c.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(d?.items ?? []).map((r) => (
              <Table.Tr key={`${r.olympiadId}-${r.schoolId ?? 'none'}`}>
                {columns.map((c) => (
                  <Table.Td key={c.key}>{c.render(r)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {d && d.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          No learner signed in or failed to in this window.
        </Text>
      ) : null}
      {d && d.total > PAGE_SIZE ? (
        <Pagination
          mt="md"
          total={Math.ceil(d.total / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(c) => ({ 'aria-label': `${c} page` })}
        />
      ) : null}
    </>
  );
}
