import { Alert, Badge, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { z } from 'zod';
import type { StartTimeRow } from '#contract/index';
import { PagedTable, useListParams, type Column } from '../../../components/PagedTable.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useCurrentGrant } from '../../../lib/session/index.js';
import { useResetAttempt } from '../api/reset-attempt.js';
import { useStartTimes } from '../api/list-start-times.js';
import { SubmittedDataDrawer } from '../components/SubmittedDataDrawer.js';
import { WaitingRoomPanel } from '../components/WaitingRoomPanel.js';
import { formatDate } from '../../../lib/dates.js';

type Row = z.infer<typeof StartTimeRow>;
type Status = Row['status'];

const statusLabel: Record<Status, string> = { not_started: 'Not started', writing: 'Writing', finished: 'Finished' };
const statusColor: Record<Status, string> = { not_started: 'gray', writing: 'blue', finished: 'green' };
const when = (iso: string | null) => formatDate(iso, 'dateTimeSeconds');
type SortKey = 'learner' | 'school' | 'startedAt' | 'finishedAt' | 'status' | 'lastSeenAt';

/** /{o}/admin/reports/start-times: who started when, searchable and sortable, with reset and submitted data. */
export function StartTimesPage() {
  const grant = useCurrentGrant();
  const { olympiadName } = useParams();
  const olympiadId = grant?.olympiadId;
  const list = useListParams('startedAt', 50);
  const [status, setStatus] = useState<'all' | Status>('all');
  const query = useStartTimes(olympiadId, {
    ...list.params,
    sort: list.params.sort as SortKey,
    status: status === 'all' ? undefined : status,
  });
  const [viewing, setViewing] = useState<number | null>(null);
  const [resetting, setResetting] = useState<Row | null>(null);
  const reset = useResetAttempt();

  const columns: Column<Row>[] = [
    {
      key: 'learner',
      label: 'Learner',
      sortable: true,
      render: (r) => (
        <div>
          <Text size="sm" fw={600}>
            {r.name}
          </Text>
          <Text size="xs" c="dimmed">
            {r.username}
            {r.grade ? ` · grade ${r.grade}` : ''}
          </Text>
        </div>
      ),
    },
    { key: 'school', label: 'School', sortable: true, render: (r) => r.schoolName ?? '—' },
    {
      key: 'status',
      label: 'Status',
      sortable: true,
      render: (r) => (
        <Badge color={statusColor[r.status]} variant="light" style={{ minWidth: 'max-content' }}>
          {statusLabel[r.status]}
          {r.finishReason === 'time_up' ? ' (time up)' : ''}
        </Badge>
      ),
    },
    { key: 'startedAt', label: 'Started', sortable: true, render: (r) => when(r.startedAt) },
    { key: 'finishedAt', label: 'Finished', sortable: true, render: (r) => when(r.finishedAt) },
    { key: 'lastSeenAt', label: 'Last seen', sortable: true, render: (r) => when(r.lastSeenAt) },
    {
      key: 'score',
      label: 'Score',
      render: (r) => (r.score !== null ? `${r.score}${r.maxScore !== null ? ` / ${r.maxScore}` : ''}` : '—'),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => setViewing(r.learnerId)}
            aria-label={`View what ${r.name} submitted`}
          >
            View
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            disabled={r.status === 'not_started'}
            onClick={() => setResetting(r)}
            aria-label={`Reset the attempt of ${r.name}`}
          >
            Reset
          </Button>
        </Group>
      ),
    },
  ];

  const confirmReset = () => {
    if (!resetting || olympiadId === undefined) return;
    reset.mutate(
      { olympiadId, learnerId: resetting.learnerId, name: resetting.name },
      { onSuccess: () => setResetting(null) },
    );
  };

  return (
    <>
      <PageHeader
        eyebrow={grant?.olympiadTitle ?? olympiadName}
        title="Start times"
        description="Who started when, who is writing and who has finished."
      />
      <Stack gap="md">
        <WaitingRoomPanel olympiadId={olympiadId} />
        <SegmentedControl
          aria-label="Show learners"
          value={status}
          onChange={(value) => {
            setStatus(value as typeof status);
            list.setPage(1);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'not_started', label: 'Not started' },
            { value: 'writing', label: 'Writing' },
            { value: 'finished', label: 'Finished' },
          ]}
          w="fit-content"
        />
        <PagedTable
          label="Start times"
          columns={columns}
          rows={query.data?.items}
          total={query.data?.total ?? 0}
          rowKey={(r) => r.learnerId}
          list={list}
          loading={query.isFetching}
          error={query.error}
          searchPlaceholder="Search learner, username or school"
          empty="No learners match."
        />
      </Stack>
      <SubmittedDataDrawer learnerId={viewing} onClose={() => setViewing(null)} />
      <Modal opened={resetting !== null} onClose={() => setResetting(null)} title="Reset this attempt?" centered>
        <Stack gap="md">
          <Text>
            The answers of <strong>{resetting?.name}</strong> ({resetting?.username}) are deleted and they can write the
            olympiad again from the start. This is recorded in the audit log and cannot be undone.
          </Text>
          {reset.isError ? (
            <Alert color="red" variant="light" role="alert">
              {reset.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setResetting(null)}>
              Cancel
            </Button>
            <Button color="red" loading={reset.isPending} onClick={confirmReset}>
              Reset attempt
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
