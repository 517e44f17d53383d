import { Alert, Badge, Button, Grid, Group, NavLink, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { TemplateKindInfo } from '#contract/mail';
import { templateVariables } from '#contract/mail';
import { PageHeader } from '../../../components/PageHeader.js';
import { isApiError } from '../../../lib/api/index.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useTemplates } from '../api/copy/list-templates.js';
import { usePreviewTemplate } from '../api/copy/preview-template.js';
import { useResetTemplate } from '../api/copy/reset-template.js';
import { useSaveTemplate } from '../api/copy/save-template.js';
import { useTestTemplate } from '../api/copy/test-template.js';
import { RichTextEditor } from '../../../components/RichTextEditor.js';
import { MailHtml } from '../components/MailBits.js';

const sourceLabel = {
  default: 'Built-in wording',
  site: 'Site-wide wording',
  olympiad: 'This olympiad’s wording',
} as const;

function TemplateEditor({
  t,
  olympiadId,
  scoped,
}: {
  t: TemplateKindInfo;
  olympiadId: number | undefined;
  scoped: boolean;
}) {
  const [subject, setSubject] = useState(t.subject);
  const [html, setHtml] = useState(t.html);
  const save = useSaveTemplate();
  const reset = useResetTemplate();
  const preview = usePreviewTemplate();
  const test = useTestTemplate();
  const call = { kind: t.kind, olympiadId, values: { subject, html } };
  const unknown = [...templateVariables(subject), ...templateVariables(html)].filter((v) => !t.variables.includes(v));
  const serverError = [save.error, preview.error, test.error].find(Boolean);
  const details = isApiError(serverError) ? serverError.details.map((d) => d.message).join(' ') : serverError?.message;
  const own = scoped ? t.source === 'olympiad' : t.source === 'site';
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t.label}
        </Title>
        <Badge variant="light">{sourceLabel[t.source]}</Badge>
      </Group>
      <Text size="sm">
        Variables:{' '}
        {t.variables.map((v) => (
          <Badge key={v} variant="outline" radius="sm" mr={4} style={{ textTransform: 'none' }}>{`{{${v}}}`}</Badge>
        ))}
      </Text>
      <TextInput label="Subject" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} />
      <RichTextEditor label="Message" value={html} onChange={setHtml} links minHeight={180} />
      {unknown.length ? (
        <Alert color="orange" role="status">
          Unknown variables: {unknown.map((v) => `{{${v}}}`).join(', ')}. Saving will be refused.
        </Alert>
      ) : null}
      {details ? (
        <Alert color="red" role="alert">
          {details}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={() => save.mutate(call)} loading={save.isPending}>
          Save
        </Button>
        <Button variant="light" onClick={() => preview.mutate(call)} loading={preview.isPending}>
          Preview with sample data
        </Button>
        <Button variant="light" onClick={() => test.mutate(call)} loading={test.isPending}>
          Send a test to myself
        </Button>
        {own ? (
          <Button variant="subtle" color="red" onClick={() => reset.mutate({ kind: t.kind, olympiadId })}>
            Back to the {scoped ? 'site-wide' : 'built-in'} wording
          </Button>
        ) : null}
      </Group>
      {preview.data ? (
        <Paper withBorder p="sm">
          <Text size="sm" mb="xs">
            Subject: <b>{preview.data.subject}</b>
          </Text>
          <MailHtml html={preview.data.html} title="Preview of the system message" />
        </Paper>
      ) : null}
    </Stack>
  );
}

/** /overlord/edit/email-copy (site-wide wording) and /{o}/admin/edit/system-emails (this olympiad's). */
export function EmailCopyPage() {
  const { olympiadName, olympiad } = useRouteOlympiad();
  const scoped = olympiadName !== '';
  const templates = useTemplates(olympiad?.id, !scoped || olympiad != null);
  const [kind, setKind] = useState<string | null>(null);
  const current = templates.data?.find((t) => t.kind === kind) ?? templates.data?.[0];
  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title={scoped ? 'System emails' : 'Email copy'}
        description={
          scoped
            ? 'The wording of the messages this olympiad sends by itself. Without its own wording a message uses the site-wide one.'
            : 'The site-wide wording of every message Olympus sends by itself. Olympiads may override it.'
        }
      />
      {templates.error ? <Alert color="red">{templates.error.message}</Alert> : null}
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <nav aria-label="Messages">
            {(templates.data ?? []).map((t) => (
              <NavLink
                key={t.kind}
                label={t.label}
                description={sourceLabel[t.source]}
                active={current?.kind === t.kind}
                onClick={() => setKind(t.kind)}
                component="button"
              />
            ))}
          </nav>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {current ? (
            <TemplateEditor
              key={`${current.kind}:${current.source}:${current.subject}`}
              t={current}
              olympiadId={olympiad?.id}
              scoped={scoped}
            />
          ) : null}
        </Grid.Col>
      </Grid>
    </>
  );
}
