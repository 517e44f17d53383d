import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { type ActivityEntry, type ActivityLogQuery, type TimeWindow, timeWindows } from '#contract/logs';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { formatDate } from '../../../lib/dates.js';
import { downloadActivity, useActivityLog } from '../api/list-activity.js';
import { ChangeDiff } from '../components/ChangeDiff.js';

const windowLabels: Record<TimeWindow, string> = {
  hour: 'An hour',
  day: 'A day',
  week: 'A week',
  month: '30 days',
  year: 'A year',
  all: 'Any time',
};

const person = (p: ActivityEntry['actor']) => (p ? p.name || p.username : 'The system');

/** /overlord/activity-logs: every change and impersonation, filtered, with each change's before and after. */
export function ActivityLogPage() {
  const list = useListParams('at');
  const [filters, setFilters] = useState({
    startDate: '',
    timeWindow: 'all' as TimeWindow,
    email: '',
    action: '',
    entity: '',
    entityId: '',
  });
  const [debounced] = useDebouncedValue(filters, 300);
  const [open, setOpen] = useState<ActivityEntry | null>(null);
  const params: ActivityLogQuery = {
    page: list.params.page,
    pageSize: list.params.pageSize,
    timeWindow: debounced.timeWindow,
    ...(debounced.startDate ? { startDate: debounced.startDate } : {}),
    ...(debounced.email.trim() ? { email: debounced.email.trim() } : {}),
    ...(debounced.action.trim() ? { action: debounced.action.trim() } : {}),
    ...(debounced.entity.trim() ? { entity: debounced.entity.trim() } : {}),
    ...(debounced.entity.trim() && debounced.entityId.trim() ? { entityId: debounced.entityId.trim() } : {}),
    ...(list.params.search ? { search: list.params.search } : {}),
  };
  const log = useActivityLog(params);
  const set = (key: keyof typeof filters) => (value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    list.setPage(1);
  };

  const columns: Column<ActivityEntry>[] = [
    { key: 'at', label: 'When', render: (e) => formatDate(e.at, 'dateTimeSeconds') },
    {
      key: 'action',
      label: 'What',
      render: (e) => (
        <>
          <Text size="sm" fw={500}>
            {e.action}
          </Text>
          <Text size="xs" c="dimmed">
            {e.entity}
            {e.entityId ? ` ${e.entityId}` : ''}
            {e.olympiadName ? ` · ${e.olympiadName}` : ''}
          </Text>
        </>
      ),
    },
    {
      key: 'by',
      label: 'Who',
      render: (e) => (
        <>
          <Text size="sm">{e.impersonator ? person(e.impersonator) : person(e.actor)}</Text>
          {e.impersonator ? (
            <Text size="xs" c="dimmed">
              acting as {person(e.actor)}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'change',
      label: 'Change',
      render: (e) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setOpen(e)}
          aria-label={`Before and after of ${e.action} at ${formatDate(e.at)}`}
        >
          Before and after
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Activity logs"
        description="Every change and every impersonation: who did what, when, with the record before and after."
      />
      <Stack gap="sm" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="From"
            type="date"
            value={filters.startDate}
            onChange={(e) => set('startDate')(e.currentTarget.value)}
          />
          <Select
            label="For"
            data={timeWindows.map((w) => ({ value: w, label: windowLabels[w] }))}
            value={filters.timeWindow}
            onChange={(v) => set('timeWindow')(v ?? 'all')}
            allowDeselect={false}
          />
          <TextInput
            label="Person’s email"
            type="email"
            value={filters.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
          />
          <TextInput
            label="Action"
            description="e.g. school.update, or school. for every school action"
            value={filters.action}
            onChange={(e) => set('action')(e.currentTarget.value)}
          />
          <TextInput
            label="Record kind"
            description="e.g. school, user, olympiad"
            value={filters.entity}
            onChange={(e) => set('entity')(e.currentTarget.value)}
          />
          <TextInput
            label="Record id"
            disabled={!filters.entity.trim()}
            value={filters.entityId}
            onChange={(e) => set('entityId')(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group gap="xs">
          <Button variant="default" size="sm" onClick={() => void downloadActivity(params, 'csv')}>
            Export CSV
          </Button>
          <Button variant="default" size="sm" onClick={() => void downloadActivity(params, 'xlsx')}>
            Export Excel
          </Button>
          {/* The kind "personal data read" (decision 109): every download or view of learners' data. */}
          <Button
            variant={filters.action === 'personal-data.read' ? 'filled' : 'light'}
            size="sm"
            aria-pressed={filters.action === 'personal-data.read'}
            onClick={() => set('action')(filters.action === 'personal-data.read' ? '' : 'personal-data.read')}
          >
            Personal data reads
          </Button>
          <Text size="xs" c="dimmed">
            Without a start, “For” counts back from now.
          </Text>
        </Group>
      </Stack>
      <PagedTable
        label="Activity log"
        columns={columns}
        rows={log.data?.items}
        total={log.data?.total ?? 0}
        rowKey={(e) => e.id}
        list={list}
        loading={log.isFetching}
        error={log.error}
        searchPlaceholder="Words in the change"
        empty="Nothing was done in this window with these filters."
        minWidth={560}
      />
      <Modal
        opened={open != null}
        onClose={() => setOpen(null)}
        title={open ? `${open.action} · ${formatDate(open.at, 'dateTimeSeconds')}` : ''}
        size="lg"
      >
        {open ? (
          <Stack gap="sm">
            <Text size="sm">
              By{' '}
              {open.impersonator ? `${person(open.impersonator)} acting as ${person(open.actor)}` : person(open.actor)}
              {open.ip ? ` from ${open.ip}` : ''}
            </Text>
            <ChangeDiff before={open.before} after={open.after} />
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
