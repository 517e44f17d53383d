import { Button, Group, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { type EmailStatus, type EmailSummary, emailStatuses } from '#contract/mail';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useEmailLogs } from '../api/queue/list-email-logs.js';
import { MessageModal, StatusBadge, when } from '../components/MailBits.js';
import { useNewestFirst } from '../components/use-newest-first.js';

/** /overlord/email-logs (every message) and /{o}/admin/reports/email-logs (the olympiad's). */
export function EmailLogsPage() {
  const { olympiadName, olympiad } = useRouteOlympiad();
  const scoped = olympiadName !== '';
  const list = useListParams('createdAt');
  const [status, setStatus] = useState<EmailStatus | undefined>();
  useNewestFirst(list);
  const params = { ...list.params, status };
  const logs = useEmailLogs(scoped ? (olympiad?.id ?? 0) : 0, params, !scoped || olympiad != null);
  const [open, setOpen] = useState<number | null>(null);

  const columns: Column<EmailSummary>[] = [
    { key: 'createdAt', label: 'Queued', sortable: true, render: (e) => when(e.createdAt) },
    { key: 'to', label: 'Recipient', sortable: true, render: (e) => e.to },
    {
      key: 'subject',
      label: 'Subject',
      sortable: true,
      render: (e) => (
        <Text size="sm" fw={500}>
          {e.subject}
        </Text>
      ),
    },
    {
      key: 'kind',
      label: 'Kind',
      sortable: true,
      render: (e) => (e.massMailId ? `mass mail #${e.massMailId}` : e.kind),
    },
    { key: 'status', label: 'Status', sortable: true, render: (e) => <StatusBadge status={e.status} /> },
    { key: 'attempts', label: 'Attempts', sortable: true, render: (e) => e.attempts },
    {
      key: 'error',
      label: 'Error',
      render: (e) => (
        <Text size="xs" c="red" lineClamp={2}>
          {e.lastError ?? ''}
        </Text>
      ),
    },
    {
      key: 'open',
      label: 'Message',
      render: (e) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setOpen(e.id)}
          aria-label={`Open the message to ${e.to}: ${e.subject}`}
        >
          Open
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Email logs"
        description={
          scoped
            ? 'Every message this olympiad sent or queued, with its delivery outcome.'
            : 'Every message the platform sent or queued: system mail and mass mail, with every delivery attempt.'
        }
      />
      <Group mb="sm">
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={emailStatuses.map((s) => ({ value: s, label: s }))}
          value={status ?? null}
          onChange={(v) => {
            setStatus((v as EmailStatus | null) ?? undefined);
            list.setPage(1);
          }}
          w={200}
        />
      </Group>
      <PagedTable
        label="Email log"
        columns={columns}
        rows={logs.data?.items}
        total={logs.data?.total ?? 0}
        rowKey={(e) => e.id}
        list={list}
        loading={logs.isFetching}
        error={logs.error}
        searchPlaceholder="Search by recipient, subject or kind"
        empty="No messages match."
      />
      <MessageModal id={open} onClose={() => setOpen(null)} />
    </>
  );
}
