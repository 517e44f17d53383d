import { Alert, Badge, Button, Checkbox, Group, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Audience, MassMailInput, type MassMailRow, parseAddresses } from '#contract/mail';
import { RichTextEditor } from '../../../components/RichTextEditor.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useAttachments } from '../api/files/list-attachments.js';
import { useAudienceCount } from '../api/mass-mails/audience-count.js';
import { useOlympiadChoices } from '../api/mass-mails/olympiad-choices.js';
import { useSaveMassMail } from '../api/mass-mails/save-mass-mail.js';
import { ScheduleInput } from './ScheduleInput.js';

const audienceLabels: Record<Audience['kind'], string> = {
  'participating-teachers': 'Teachers of participating schools',
  'all-teachers': 'Teachers of all schools',
  'unpaid-teachers': 'Teachers of schools not yet paid',
  'useful-contacts': 'Useful contacts',
  pasted: 'A pasted list of addresses',
};

type Draft = {
  olympiadId: number | null;
  subject: string;
  html: string;
  kind: Audience['kind'];
  pasted: string;
  attachmentIds: number[];
  scheduledFor: string | null;
};

export function ComposeForm({
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
  const form = useSchemaForm({
    schema: MassMailInput,
    mode: 'controlled',
    initialValues: {
      olympiadId: mailing?.olympiadId ?? olympiadId,
      subject: mailing?.subject ?? '',
      html: mailing?.html ?? '<p>Dear {{firstName}},</p><p></p>',
      kind: mailing?.audience.kind ?? 'participating-teachers',
      pasted: mailing?.audience.kind === 'pasted' ? mailing.audience.addresses.join('\n') : '',
      attachmentIds: mailing?.attachmentIds ?? [],
      scheduledFor: mailing?.scheduledFor ?? null,
    } satisfies Draft as Draft,
    toInput: (d): MassMailInput => ({
      olympiadId: d.olympiadId,
      subject: d.subject,
      html: d.html,
      audience: audienceOf(d),
      attachmentIds: d.attachmentIds,
      scheduledFor: d.scheduledFor,
    }),
    fieldOf: { audience: 'pasted', 'audience.addresses': 'pasted' },
  });
  const draft = form.values;
  const set = (patch: Partial<Draft>) => {
    form.setValues(patch);
    for (const key of Object.keys(patch)) form.clearFieldError(key);
  };
  const parsed = parseAddresses(draft.pasted);
  const audience = audienceOf(draft);
  const [debounced] = useDebouncedValue(audience, 300);
  const count = useAudienceCount(draft.olympiadId, debounced, draft.kind !== 'pasted' || parsed.valid.length > 0);
  const olympiads = useOlympiadChoices(overlord && mailing == null);
  const attachments = useAttachments(
    { page: 1, pageSize: 100, olympiadId: draft.olympiadId ?? undefined, sort: 'name', order: 'asc' },
    true,
  );
  const save = useSaveMassMail();
  const fieldError = (path: keyof Draft) => {
    const error = form.errors[path];
    return typeof error === 'string' ? error : undefined;
  };

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: mailing?.id ?? null, values },
      { onSuccess: (r) => onDone(r.mailing), onError: form.setServerErrors },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
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
            The contacts with an address under Interested and affected parties; {'{{schoolName}}'} is their
            organisation.
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
                : fieldError('pasted')
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
        {save.error && !Object.keys(form.errors).length ? (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save draft
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The audience the draft names: a kind, or the valid addresses of a pasted list. */
function audienceOf(d: Draft): Audience {
  return d.kind === 'pasted' ? { kind: 'pasted', addresses: parseAddresses(d.pasted).valid } : { kind: d.kind };
}
