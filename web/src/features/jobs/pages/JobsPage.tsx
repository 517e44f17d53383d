import { Badge, Group, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { type JobKind, jobKindNames, jobKinds, type JobStatus, jobStatuses, type JobSummary } from '#contract/jobs';
import { JobProgress, type Phase } from '../../../components/JobProgress.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, pageOf, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { formatDate } from '../../../lib/dates.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useJobs } from '../api/list-jobs.js';

/** A job's state as a person reads it. */
export const statusLabels: Record<JobStatus, string> = {
  held: 'Waiting to be started',
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};
const statusColors: Record<JobStatus, string> = {
  held: 'gray',
  queued: 'blue',
  running: 'blue',
  done: 'teal',
  failed: 'red',
};

/** What each kind of job is doing in each of its phases, and what it counts. */
const phasesOf: Record<JobKind, Record<string, Phase>> = {
  'certificates.generate': {
    certificates: 'Numbering the certificates',
    pdf: { label: 'Printing each school’s PDF', of: 'certificates' },
  },
  'certificates.send': { sending: { label: 'Mailing each school', of: 'schools' } },
  'moderation.compute': {
    loading: { label: 'Reading the answers', of: 'attempts' },
    similarity: { label: 'Comparing answers within each school', of: 'pairs' },
    timing: { label: 'Checking times, addresses and sessions', counted: false },
    saving: { label: 'Saving the flags', counted: false },
  },
  'invoices.issue-all': { issuing: { label: 'Issuing and mailing each invoice', of: 'orders' } },
  'learners.import': {
    credentials: { label: 'Making usernames and passwords', of: 'learners' },
    saving: { label: 'Saving all the learners at once', counted: false },
  },
};

/**
 * /{o}/admin/reports/jobs: the olympiad's background jobs, newest first, with their state, progress and outcome;
 * read again while one is still to finish. Each job is started and watched on its own page; this lists them all.
 */
export function JobsPage() {
  const { olympiad } = useRouteOlympiad();
  const list = useListParams('createdAt', 25, 'desc');
  const [status, setStatus] = useState<JobStatus | undefined>(undefined);
  const [kind, setKind] = useState<JobKind | undefined>(undefined);
  const jobs = useJobs({ ...list.params, olympiadId: olympiad?.id, status, kind });
  const columns: Column<JobSummary>[] = [
    {
      key: 'createdAt',
      label: 'Started',
      sortable: true,
      render: (j) => (
        <>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDate(j.createdAt)}
          </Text>
          <Text size="xs" c="dimmed">
            {j.startedBy ? `by ${j.startedBy}` : 'by the platform'}
          </Text>
        </>
      ),
    },
    {
      key: 'kind',
      label: 'Job',
      sortable: true,
      phone: 'title',
      render: (j) => (
        <>
          <Text size="sm" fw={600}>
            {j.kindName}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[j.label, j.schoolName].filter(Boolean).join(' · ')}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      label: 'State',
      sortable: true,
      render: (j) => (
        <Badge color={statusColors[j.status]} variant="light" c="dark.7">
          {statusLabels[j.status]}
        </Badge>
      ),
    },
    {
      key: 'progress',
      label: 'Progress and outcome',
      render: (j) => (
        <JobProgress
          job={j}
          label={`Progress of ${j.kindName.toLowerCase()} ${j.id}`}
          phases={phasesOf[j.kind as JobKind]}
          notify={false}
        />
      ),
    },
    {
      key: 'finishedAt',
      label: 'Ended',
      sortable: true,
      render: (j) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(j.finishedAt)}
        </Text>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Background jobs"
        description="Long work runs on the server while people carry on: certificates generated and mailed, moderation flags, every invoice issued, learner lists loaded. Each one’s state, how far it is, and what came of it."
      />
      <Group mb="sm" wrap="wrap">
        <Select
          label="State"
          placeholder="Any state"
          clearable
          data={jobStatuses.map((s) => ({ value: s, label: statusLabels[s] }))}
          value={status ?? null}
          onChange={(v) => {
            setStatus((v as JobStatus | null) ?? undefined);
            list.setPage(1);
          }}
          w={220}
        />
        <Select
          label="Kind"
          placeholder="Any kind"
          clearable
          data={jobKinds.map((k) => ({ value: k, label: jobKindNames[k] }))}
          value={kind ?? null}
          onChange={(v) => {
            setKind((v as JobKind | null) ?? undefined);
            list.setPage(1);
          }}
          w={240}
        />
      </Group>
      <PagedTable
        label="Background jobs"
        columns={columns}
        {...pageOf(jobs)}
        rowKey={(j) => j.id}
        list={list}
        searchPlaceholder="Search by file, title or school"
        empty="No background job has run for this olympiad yet."
        minWidth={860}
      />
    </>
  );
}
