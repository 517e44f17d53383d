import { Alert, Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { MassMailRow } from '#contract/mail';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useDeleteMassMail } from '../api/mass-mails/delete-mass-mail.js';
import { useMassMails } from '../api/mass-mails/list-mass-mails.js';
import { usePreviewMassMail } from '../api/mass-mails/preview-mass-mail.js';
import { useQueueMassMail } from '../api/mass-mails/queue-mass-mail.js';
import { ComposeForm } from '../components/ComposeForm.js';
import { MailHtml, when } from '../components/MailBits.js';
import { ScheduleNote } from '../components/ScheduleNote.js';
import { useNewestFirst } from '../components/use-newest-first.js';

/**
 * /overlord/edit/mass-mails (every mailing, site-wide ones too) and /{o}/admin|funding/edit/mass-mailers
 * (this olympiad's): compose, count, preview, queue (held until the overlord releases it).
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
  const remove = useDeleteMassMail();

  const openPreview = (m: MassMailRow, email?: string) => {
    setPreviewing(m);
    preview.mutate({ id: m.id, email });
  };

  const columns: Column<MassMailRow>[] = [
    { key: 'createdAt', label: 'Created', sortable: true, render: (m) => when(m.createdAt) },
    {
      key: 'subject',
      label: 'Subject',
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
                onClick={() => queue.mutate(m.id)}
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
