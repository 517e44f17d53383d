import { Button, Card, Group, NumberInput, Progress, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { type EmailStatus, type EmailSummary, type MassMailRow } from '#contract/mail';
import { PageHeader } from '../../../components/PageHeader.js';
import { formatDate } from '../../../lib/dates.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { useMassMails } from '../api/mass-mails/list-mass-mails.js';
import { useSetSchedule } from '../api/mass-mails/set-schedule.js';
import { useQueuedEmails } from '../api/queue/list-queued-emails.js';
import { useReleaseBatch } from '../api/queue/release-batch.js';
import { useReleaseOne } from '../api/queue/release-one.js';
import { MessageModal, StatusBadge, when } from '../components/MailBits.js';
import { ScheduleInput } from '../components/ScheduleInput.js';
import { useNewestFirst } from '../components/use-newest-first.js';

function MailingProgress({ m }: { m: MassMailRow }) {
  const p = m.progress;
  const total = Math.max(1, m.recipients);
  const pct = (n: number) => (n / total) * 100;
  return (
    <Stack gap={4}>
      <Progress.Root size="lg">
        <Progress.Section value={pct(p.sent)} color="green" aria-label={`Sent: ${m.subject}`} />
        <Progress.Section
          value={pct(p.failed + p.suppressed)}
          color="red"
          aria-label={`Failed or left out: ${m.subject}`}
        />
        <Progress.Section value={pct(p.released + p.sending)} color="blue" aria-label={`On their way: ${m.subject}`} />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {p.sent} sent · {p.released + p.sending} on their way · {p.held} held · {p.failed} failed · {p.suppressed} left
        out · {p.bounced} bounced · {p.unsubscribed} unsubscribed
      </Text>
    </Stack>
  );
}

/** A queued mailing's release time: shown in South African time; set, moved or cancelled while messages are held. */
function SchedulePanel({ m }: { m: MassMailRow }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<string | null>(m.scheduledFor);
  const schedule = useSetSchedule();
  const save = (scheduledFor: string | null) =>
    schedule.mutate({ mailing: m, scheduledFor }, { onSuccess: () => setEditing(false) });
  if (m.scheduleReleasedAt)
    return (
      <Text size="sm" c="dimmed">
        Released on schedule, {formatDate(m.scheduleReleasedAt)}.
      </Text>
    );
  if (m.progress.held === 0) return null;
  if (editing)
    return (
      <Group align="flex-start" gap="xs" wrap="wrap">
        <ScheduleInput
          label="Release at"
          description="The sender releases every message still held at this time."
          value={value}
          onChange={setValue}
          error={schedule.error?.message}
        />
        <Group gap="xs" mt={{ base: 0, sm: 46 }}>
          <Button size="xs" disabled={!value} loading={schedule.isPending} onClick={() => save(value)}>
            Save time
          </Button>
          <Button size="xs" variant="default" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </Group>
      </Group>
    );
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">
        {m.scheduledFor ? (
          <>
            Scheduled: <b>{formatDate(m.scheduledFor)}</b>
          </>
        ) : (
          'No schedule: held until you release it.'
        )}
      </Text>
      <Button
        size="xs"
        variant="subtle"
        onClick={() => setEditing(true)}
        aria-label={`${m.scheduledFor ? 'Change time' : 'Set a time'}: ${m.subject}`}
      >
        {m.scheduledFor ? 'Change time' : 'Set a time'}
      </Button>
      {m.scheduledFor ? (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          loading={schedule.isPending}
          onClick={() => save(null)}
          aria-label={`Cancel schedule: ${m.subject}`}
        >
          Cancel schedule
        </Button>
      ) : null}
    </Group>
  );
}

function MailingCard({ m }: { m: MassMailRow }) {
  const [qty, setQty] = useState<number>(100);
  const release = useReleaseBatch();
  const go = (n: number) => release.mutate({ massMailId: m.id, qty: n });
  return (
    <Card withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={3} size="h5">
              {m.subject}
            </Title>
            <Text size="xs" c="dimmed">
              {m.olympiadTitle ?? 'All of Olympus'} · queued {when(m.queuedAt)} · {m.recipients} recipients
            </Text>
          </div>
        </Group>
        <MailingProgress m={m} />
        <SchedulePanel m={m} />
        {m.progress.held > 0 ? (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <NumberInput
              label="Batch size"
              min={1}
              max={m.progress.held}
              value={qty}
              onChange={(v) => setQty(Number(v) || 1)}
              w={120}
              size="xs"
            />
            <Button size="xs" onClick={() => go(qty)} loading={release.isPending}>
              Release {Math.min(qty, m.progress.held)}
            </Button>
            <Button size="xs" variant="light" onClick={() => go(m.progress.held)} loading={release.isPending}>
              Release all {m.progress.held}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Nothing held.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** /overlord/mass-mail-queue: queued mailings with progress, released in batches; the messages, held and released. */
export function MassMailQueuePage() {
  const mailings = useMassMails({ page: 1, pageSize: 20, sort: 'createdAt', order: 'desc' }, true, true);
  const queued = (mailings.data?.items ?? []).filter((m) => m.status === 'queued');
  const list = useListParams('createdAt');
  useNewestFirst(list);
  const [status, setStatus] = useState<EmailStatus | undefined>('held');
  const messages = useQueuedEmails({ ...list.params, status });
  const releaseOne = useReleaseOne();
  const [open, setOpen] = useState<number | null>(null);
  const columns: Column<EmailSummary>[] = [
    { key: 'createdAt', label: 'Queued', sortable: true, render: (e) => when(e.createdAt) },
    { key: 'to', label: 'Recipient', sortable: true, render: (e) => e.to },
    { key: 'subject', label: 'Subject', sortable: true, render: (e) => e.subject },
    { key: 'status', label: 'Status', sortable: true, render: (e) => <StatusBadge status={e.status} /> },
    {
      key: 'actions',
      label: 'Actions',
      render: (e) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="subtle" onClick={() => setOpen(e.id)} aria-label={`Open the message to ${e.to}`}>
            Open
          </Button>
          {e.status === 'held' ? (
            <Button
              size="xs"
              variant="light"
              aria-label={`Release the message to ${e.to}`}
              onClick={() => releaseOne.mutate(e.id)}
            >
              Release
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Mass mail queue"
        description="Queued mass mail waits here, held, until you release it (a first batch to check, then the rest) or until its scheduled time. The sender keeps to the configured rate."
      />
      <Title order={2} size="h4" mb="sm">
        Queued mailings
      </Title>
      {queued.length === 0 ? (
        <Text c="dimmed" mb="lg">
          No mailing is queued. Mailings are queued from Mass Mails or an olympiad’s mass mailers.
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} mb="xl">
        {queued.map((m) => (
          <MailingCard key={m.id} m={m} />
        ))}
      </SimpleGrid>
      <Title order={2} size="h4" mb="sm">
        Messages
      </Title>
      <Select
        label="Status"
        data={[
          { value: 'held', label: 'Held' },
          { value: 'released', label: 'Released' },
          { value: 'failed', label: 'Failed' },
        ]}
        value={status ?? null}
        onChange={(v) => {
          setStatus((v as EmailStatus | null) ?? undefined);
          list.setPage(1);
        }}
        clearable
        placeholder="Any status"
        w={200}
        mb="sm"
      />
      <PagedTable
        label="Queued messages"
        columns={columns}
        rows={messages.data?.items}
        total={messages.data?.total ?? 0}
        rowKey={(e) => e.id}
        list={list}
        loading={messages.isFetching}
        error={messages.error}
        searchPlaceholder="Search by recipient or subject"
        empty="No messages match."
      />
      <MessageModal id={open} onClose={() => setOpen(null)} />
    </>
  );
}
