import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { type Audience, type MassMailRow, parseAddresses } from '../../../../../contract/mail.js';
import { formatDate } from '../../../lib/dates.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { api, isApiError } from '../../../lib/api/index.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useAttachments } from '../api/lists.js';
import {
  useAudienceCount,
  useDeleteMassMail,
  useMassMails,
  usePreviewMassMail,
  useQueueMassMail,
  useSaveMassMail,
} from '../api/mass-mail.js';
import { RichTextEditor } from '../../../components/RichTextEditor.js';
import { MailHtml, when } from '../components/MailBits.js';
import { ScheduleInput } from '../components/ScheduleInput.js';
import { useNewestFirst } from '../components/use-newest-first.js';

const audienceLabels: Record<Audience['kind'], string> = {
  'participating-teachers': 'Teachers of participating schools',
  'all-teachers': 'Teachers of all schools',
  'unpaid-teachers': 'Teachers of schools not yet paid',
  'useful-contacts': 'Useful contacts',
  pasted: 'A pasted list of addresses',
};

/** Olympiads the overlord may address a mailing to (GET olympiad/v-rest/). */
function useOlympiadChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['mail', 'olympiad-choices'],
    queryFn: () =>
      api.get('/olympiad/v-rest/', {
        query: { page: 1, pageSize: 200, sort: 'title' },
        schema: z.object({ items: z.array(z.object({ id: z.number(), title: z.string() })) }),
      }),
    select: (d) => d.items,
    enabled,
  });
}

interface Draft {
  olympiadId: number | null;
  subject: string;
  html: string;
  kind: Audience['kind'];
  pasted: string;
  attachmentIds: number[];
  scheduledFor: string | null;
}

function ComposeForm({
  mailing,
  olympiadId,
  overlord,
  onDone,
}: {
  mailing: MassMailRow | null;
  olympiadId: number | null;
  overlord: boolean;
  onDone: (m: MassMailRow) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => ({
    olympiadId: mailing?.olympiadId ?? olympiadId,
    subject: mailing?.subject ?? '',
    html: mailing?.html ?? '<p>Dear {{firstName}},</p><p></p>',
    kind: mailing?.audience.kind ?? 'participating-teachers',
    pasted: mailing?.audience.kind === 'pasted' ? mailing.audience.addresses.join('\n') : '',
    attachmentIds: mailing?.attachmentIds ?? [],
    scheduledFor: mailing?.scheduledFor ?? null,
  }));
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const parsed = parseAddresses(draft.pasted);
  const audience: Audience =
    draft.kind === 'pasted' ? { kind: 'pasted', addresses: parsed.valid } : { kind: draft.kind };
  const [debounced] = useDebouncedValue(audience, 300);
  const count = useAudienceCount(draft.olympiadId, debounced, draft.kind !== 'pasted' || parsed.valid.length > 0);
  const olympiads = useOlympiadChoices(overlord && mailing == null);
  const attachments = useAttachments(
    { page: 1, pageSize: 100, olympiadId: draft.olympiadId ?? undefined, sort: 'name', order: 'asc' },
    true,
  );
  const save = useSaveMassMail();
  const fieldError = (path: string) =>
    isApiError(save.error)
      ? save.error.details.find((d) => d.path === `body.${path}` || d.path === path)?.message
      : undefined;

  const submit = () =>
    save.mutate(
      {
        id: mailing?.id ?? null,
        values: {
          olympiadId: draft.olympiadId,
          subject: draft.subject,
          html: draft.html,
          audience,
          attachmentIds: draft.attachmentIds,
          scheduledFor: draft.scheduledFor,
        },
      },
      { onSuccess: (r) => onDone(r.mailing) },
    );

  return (
    <Stack>
      {overlord && mailing == null ? (
        <Select
          label="Olympiad"
          description="Site-wide mail goes to the audience across every olympiad."
          data={[
            { value: '', label: 'All of Olympus (site-wide)' },
            ...(olympiads.data ?? []).map((o) => ({ value: String(o.id), label: o.title })),
          ]}
          value={draft.olympiadId == null ? '' : String(draft.olympiadId)}
          onChange={(v) => set({ olympiadId: v ? Number(v) : null, attachmentIds: [] })}
          allowDeselect={false}
        />
      ) : null}
      <TextInput
        label="Subject"
        required
        value={draft.subject}
        onChange={(e) => set({ subject: e.currentTarget.value })}
        error={fieldError('subject')}
        maxLength={200}
      />
      <RichTextEditor
        links
        minHeight={180}
        label="Message"
        description="Variables: {{firstName}}, {{lastName}}, {{email}}, {{schoolName}}, {{olympiadTitle}}. An unsubscribe link is added to every message."
        value={draft.html}
        onChange={(html) => set({ html })}
        error={fieldError('html')}
      />
      <Radio.Group label="Audience" value={draft.kind} onChange={(v) => set({ kind: v as Audience['kind'] })}>
        <Stack gap={6} mt={6}>
          {(Object.keys(audienceLabels) as Audience['kind'][]).map((k) => (
            <Radio key={k} value={k} label={audienceLabels[k]} />
          ))}
        </Stack>
      </Radio.Group>
      {draft.kind === 'unpaid-teachers' ? (
        <Text size="xs" c="dimmed">
          Schools whose purchase order is not marked paid by the accountant (pre-approved schools are not paid yet).
        </Text>
      ) : null}
      {draft.kind === 'useful-contacts' ? (
        <Text size="xs" c="dimmed">
          The contacts with an address under Interested and affected parties; {'{{schoolName}}'} is their organisation.
        </Text>
      ) : null}
      {draft.kind === 'pasted' ? (
        <Textarea
          label="Addresses"
          description="One per line, or separated by commas or semicolons."
          autosize
          minRows={3}
          maxRows={10}
          value={draft.pasted}
          onChange={(e) => set({ pasted: e.currentTarget.value })}
          error={
            parsed.invalid.length
              ? `Not addresses: ${parsed.invalid.slice(0, 5).join(', ')}${parsed.invalid.length > 5 ? '…' : ''}`
              : fieldError('audience.addresses')
          }
        />
      ) : null}
      <Group gap="xs" aria-live="polite">
        <Badge size="lg" variant="light">
          {count.data ? `${count.data.count} recipients` : count.isFetching ? 'Counting…' : '—'}
        </Badge>
        {count.data?.suppressed ? (
          <Text size="sm" c="dimmed">
            {count.data.suppressed} left out (unsubscribed or bounced)
          </Text>
        ) : null}
      </Group>
      <Checkbox.Group
        label="Attachments"
        value={draft.attachmentIds.map(String)}
        onChange={(v) => set({ attachmentIds: v.map(Number) })}
      >
        <Stack gap={4} mt={6}>
          {(attachments.data?.items ?? []).map((a) => (
            <Checkbox key={a.id} value={String(a.id)} label={`${a.filename} (${Math.ceil(a.size / 1024)} KB)`} />
          ))}
          {attachments.data?.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              No files yet: add them under File attachments.
            </Text>
          ) : null}
        </Stack>
      </Checkbox.Group>
      <ScheduleInput
        label="Release at"
        description="Leave empty to hold the queued mailing until the overlord releases it. With a time, the sender releases it by itself then."
        value={draft.scheduledFor}
        onChange={(scheduledFor) => set({ scheduledFor })}
        error={fieldError('scheduledFor')}
      />
      {save.error && !fieldError('subject') && !fieldError('html') && !fieldError('scheduledFor') ? (
        <Alert color="red" role="alert">
          {save.error.message}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          Save draft
        </Button>
      </Group>
    </Stack>
  );
}

/** When a mailing goes: its scheduled time (South African time), or when the sender released it then. */
export function ScheduleNote({ m }: { m: MassMailRow }) {
  if (m.scheduleReleasedAt)
    return (
      <Text size="xs" c="dimmed">
        Released on schedule, {formatDate(m.scheduleReleasedAt)}
      </Text>
    );
  if (!m.scheduledFor) return null;
  if (m.status === 'queued' && m.progress.held === 0) return null;
  return (
    <Text size="xs">
      {m.status === 'draft' ? 'To be released' : 'Scheduled'}: {formatDate(m.scheduledFor)}
    </Text>
  );
}

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
                onClick={() =>
                  queue.mutate(m.id, {
                    onSuccess: (r) =>
                      notifications.show({
                        color: 'green',
                        message: r.scheduledFor
                          ? `${r.queued} messages queued and held until ${formatDate(r.scheduledFor)}`
                          : `${r.queued} messages queued and held until the overlord releases them`,
                      }),
                    onError: (e) => notifications.show({ color: 'red', message: e.message }),
                  })
                }
              >
                Queue
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Delete ${m.subject}`}
                onClick={() =>
                  remove.mutate(m.id, { onError: (e) => notifications.show({ color: 'red', message: e.message }) })
                }
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
              notifications.show({ color: 'green', message: 'The draft is saved' });
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
