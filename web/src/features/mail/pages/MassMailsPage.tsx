import { Alert, Badge, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { MassMailRow } from '#contract/mail';
import { Confirm } from '../../../components/Confirm.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { formatDate } from '../../../lib/dates.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useAudienceCount } from '../api/mass-mails/audience-count.js';
import { useDeleteMassMail } from '../api/mass-mails/delete-mass-mail.js';
import { useMassMails } from '../api/mass-mails/list-mass-mails.js';
import { usePreviewMassMail } from '../api/mass-mails/preview-mass-mail.js';
import { useQueueMassMail } from '../api/mass-mails/queue-mass-mail.js';
import { useWithdrawMassMail } from '../api/mass-mails/withdraw-mass-mail.js';
import { ComposeForm } from '../components/ComposeForm.js';
import { MailHtml, when } from '../components/MailBits.js';
import { ScheduleNote } from '../components/ScheduleNote.js';
import { useNewestFirst } from '../components/use-newest-first.js';
import { count } from '#contract/numbers';

/**
 * /overlord/edit/mass-mails (every mailing, site-wide ones too) and /{o}/admin|funding/edit/mass-mailers
 * (this olympiad's): compose, count, preview, queue (held until the overlord releases it; asked first, with the
 * number of recipients), and withdraw a queued mailing while none of it has been released.
 */
export function MassMailsPage() {
  const { olympiadName, olympiad } = useRouteOlympiad();
  const scoped = olympiadName !== '';
  const list = useListParams('createdAt');
  useNewestFirst(list);
  const mailings = useMassMails({ ...list.params, olympiadId: olympiad?.id }, !scoped || olympiad != null, true);
  const [editing, setEditing] = useState<MassMailRow | 'new' | null>(null);
  const [previewing, setPreviewing] = useState<MassMailRow | null>(null);
  const [previewEmail, setPreviewEmail] = useState('');
  const preview = usePreviewMassMail();
  const queue = useQueueMassMail();
  const withdraw = useWithdrawMassMail();
  const remove = useDeleteMassMail();
  const [queueing, setQueueing] = useState<MassMailRow | null>(null);
  const [withdrawing, setWithdrawing] = useState<MassMailRow | null>(null);

  const openPreview = (m: MassMailRow, email?: string) => {
    setPreviewing(m);
    preview.mutate({ id: m.id, email });
  };

  const columns: Column<MassMailRow>[] = [
    { key: 'createdAt', label: 'Created', sortable: true, render: (m) => when(m.createdAt) },
    {
      key: 'subject',
      label: 'Subject',
      phone: 'title',
      sortable: true,
      render: (m) => (
        <Text size="sm" fw={600}>
          {m.subject}
        </Text>
      ),
    },
    ...(scoped
      ? []
      : [{ key: 'olympiad', label: 'Olympiad', render: (m: MassMailRow) => m.olympiadTitle ?? 'All of Olympus' }]),
    {
      key: 'status',
      label: 'Status',
      sortable: true,
      render: (m) => (
        <Stack gap={2}>
          <Badge variant="light" color={m.status === 'draft' ? 'gray' : 'blue'} style={{ minWidth: 'max-content' }}>
            {m.status === 'draft' ? 'Draft' : 'Queued'}
          </Badge>
          <ScheduleNote m={m} />
        </Stack>
      ),
    },
    {
      key: 'recipients',
      label: 'Progress',
      sortable: true,
      render: (m) =>
        m.status === 'draft' ? (
          '—'
        ) : (
          <Text size="xs">
            {m.progress.sent}/{m.recipients} sent · {m.progress.held} held · {m.progress.failed} failed ·{' '}
            {m.progress.bounced} bounced · {m.progress.unsubscribed} unsubscribed
          </Text>
        ),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (m) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="subtle" onClick={() => openPreview(m)} aria-label={`Preview ${m.subject}`}>
            Preview
          </Button>
          {m.status === 'draft' ? (
            <>
              <Button size="xs" variant="light" onClick={() => setEditing(m)} aria-label={`Edit ${m.subject}`}>
                Edit
              </Button>
              <Button
                size="xs"
                aria-label={`Queue ${m.subject}`}
                loading={queue.isPending && queue.variables === m.id}
                onClick={() => setQueueing(m)}
              >
                Queue
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Delete ${m.subject}`}
                onClick={() => remove.mutate(m.id)}
              >
                Delete
              </Button>
            </>
          ) : withdrawable(m) ? (
            <Button
              size="xs"
              variant="light"
              color="red"
              aria-label={`Withdraw ${m.subject}`}
              onClick={() => setWithdrawing(m)}
            >
              Withdraw
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title={scoped ? 'Mass mailers' : 'Mass Mails'}
        description="Write a mailing, check how many it reaches and how it reads, then queue it. Queued mail is held until the overlord releases it, or until the time you set (South African time)."
        actions={
          <Button onClick={() => setEditing('new')} disabled={scoped && !olympiad}>
            New mailing
          </Button>
        }
      />
      <PagedTable
        label="Mailings"
        columns={columns}
        rows={mailings.data?.items}
        total={mailings.data?.total ?? 0}
        rowKey={(m) => m.id}
        list={list}
        loading={mailings.isFetching}
        error={mailings.error}
        searchPlaceholder="Search by subject"
        empty="No mailings yet."
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New mailing' : 'Edit mailing'}
        size="xl"
      >
        {editing !== null ? (
          <ComposeForm
            mailing={editing === 'new' ? null : editing}
            olympiadId={olympiad?.id ?? null}
            overlord={!scoped}
            onDone={(m) => {
              setEditing(null);
              openPreview(m);
            }}
          />
        ) : null}
      </Modal>
      {queueing ? (
        <QueueConfirm
          mailing={queueing}
          loading={queue.isPending}
          onClose={() => setQueueing(null)}
          onConfirm={() => queue.mutate(queueing.id, { onSettled: () => setQueueing(null) })}
        />
      ) : null}
      <Confirm
        opened={withdrawing !== null}
        title={`Withdraw “${withdrawing?.subject ?? ''}”?`}
        confirmLabel="Withdraw the mailing"
        color="red"
        loading={withdraw.isPending}
        onClose={() => setWithdrawing(null)}
        onConfirm={() => withdrawing && withdraw.mutate(withdrawing.id, { onSettled: () => setWithdrawing(null) })}
      >
        Its {withdrawing?.progress.held ?? 0} held messages are removed and nothing is sent. It becomes a draft again:
        you can edit it, queue it again or delete it.
      </Confirm>
      <Modal
        opened={previewing !== null}
        onClose={() => setPreviewing(null)}
        title="Preview for one recipient"
        size="xl"
      >
        {previewing ? (
          <Stack>
            <Group align="flex-end">
              <TextInput
                label="Recipient"
                description="An address in the audience (or leave empty for the first one)"
                value={previewEmail}
                onChange={(e) => setPreviewEmail(e.currentTarget.value)}
                w={320}
              />
              <Button
                variant="light"
                onClick={() => preview.mutate({ id: previewing.id, email: previewEmail || undefined })}
              >
                Show
              </Button>
            </Group>
            {preview.error ? <Alert color="red">{preview.error.message}</Alert> : null}
            {preview.data ? (
              <>
                <Text size="sm">
                  To <b>{preview.data.to}</b> · Subject <b>{preview.data.subject}</b>
                </Text>
                <MailHtml html={preview.data.html} title="Preview of the message" />
              </>
            ) : null}
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}

/** A queued mailing none of whose messages has left the hold (the server checks the same, under a lock). */
const withdrawable = (m: MassMailRow) =>
  m.status === 'queued' && m.can.edit && !m.scheduleReleasedAt && m.progress.held === m.recipients;

/** Before a mailing is queued: how many it reaches now (counted live), and what queueing does. */
function QueueConfirm({
  mailing,
  loading,
  onClose,
  onConfirm,
}: {
  mailing: MassMailRow;
  loading: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const audience = useAudienceCount(mailing.olympiadId, mailing.audience, true);
  const n = audience.data?.count;
  return (
    <Modal opened onClose={onClose} title={`Queue “${mailing.subject}”?`} centered>
      <Stack>
        {audience.error ? (
          <Alert color="red" role="alert">
            {audience.error.message}
          </Alert>
        ) : (
          <Text fw={700} size="lg" aria-live="polite">
            {n == null
              ? 'Counting the recipients…'
              : n === 0
                ? 'It reaches no one now'
                : `It goes to ${count(n, 'recipient')}`}
          </Text>
        )}
        <List size="sm" spacing={6}>
          {audience.data?.suppressed ? (
            <List.Item>
              {count(audience.data.suppressed, 'more address is', 'more addresses are')} left out (unsubscribed or
              bounced).
            </List.Item>
          ) : null}
          <List.Item>One message is made for each recipient, with their own unsubscribe link.</List.Item>
          <List.Item>
            {mailing.scheduledFor
              ? `The messages are held until ${formatDate(mailing.scheduledFor)}, then sent.`
              : 'The messages are held until the overlord releases them.'}
          </List.Item>
          <List.Item>Until then you can withdraw it: nothing is sent, and it becomes a draft again.</List.Item>
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={loading} disabled={!n} onClick={onConfirm}>
            {n ? `Queue for ${count(n, 'recipient')}` : 'Queue'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
