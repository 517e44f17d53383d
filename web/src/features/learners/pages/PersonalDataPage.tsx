import { Alert, Button, Card, Group, List, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import type { PersonalData } from '#contract/personal-data';
import { PageHeader } from '../../../components/PageHeader.js';
import { formatDate } from '../../../lib/dates.js';
import { useT } from '../../../lib/i18n/index.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { downloadPersonalData, useForgetLearner, usePersonalData } from '../api/personal-data.js';
import classes from './personal-data.module.css';

/**
 * Everything Olympus holds about one learner (decision 108), for a parent's access request: readable, printable,
 * and as the JSON file the server answers. Forgetting the learner (an erasure request) starts here, after a
 * dialog that names the learner and says what goes and what stays.
 */
export function PersonalDataPage() {
  const t = useT();
  const { learnerId = '' } = useParams();
  const id = Number(learnerId) || 0;
  const { olympiad } = useRouteOlympiad();
  const data = usePersonalData(id);
  // The name as it was when the dialog opened: the page reads the label once the learner is forgotten.
  const [asking, setAsking] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  if (data.isPending) return <Skeleton height={320} />;
  if (data.error)
    return (
      <>
        <PageHeader eyebrow={olympiad?.title} title={t('portal.personalData.heading')} />
        <Alert color="red">{data.error.message}</Alert>
      </>
    );
  const d = data.data;
  const name = `${d.details.firstName} ${d.details.lastName}`.trim();
  return (
    <div className={classes.printable}>
      <PageHeader
        eyebrow={olympiad?.title ?? d.details.olympiad.title}
        title={t('portal.personalData.title', { name })}
        description={t('portal.personalData.description')}
        actions={
          <Group gap="xs" className={classes.noPrint}>
            <Button variant="light" onClick={() => window.print()}>
              {t('portal.personalData.print')}
            </Button>
            <Button
              variant="light"
              loading={downloading}
              onClick={() => {
                setDownloading(true);
                void downloadPersonalData(id, `personal-data-${d.details.id}.json`).finally(() =>
                  setDownloading(false),
                );
              }}
            >
              {t('portal.personalData.download')}
            </Button>
            {d.forgotten ? null : (
              <Button color="red" variant="outline" onClick={() => setAsking(name)}>
                {t('portal.personalData.forget')}
              </Button>
            )}
          </Group>
        }
      />
      <Stack gap="lg">
        {d.forgotten ? (
          <Alert color="gray" title={t('portal.personalData.forgottenTitle', { label: d.forgotten.label })}>
            {t('portal.personalData.forgottenBody', {
              date: formatDate(d.forgotten.forgottenAt, 'dateTime'),
              who: d.forgotten.forgottenBy ?? t('portal.personalData.retentionJob'),
            })}
          </Alert>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('portal.personalData.generated', { date: formatDate(d.generatedAt, 'dateTime') })}{' '}
          {d.retention.until
            ? t('portal.personalData.keptUntil', {
                months: d.retention.months,
                date: formatDate(d.retention.until, 'longDate'),
              })
            : t('portal.personalData.keptMonths', { months: d.retention.months })}
        </Text>
        <Text size="sm">
          {d.consent
            ? t('portal.personalData.consentRecorded', {
                date: formatDate(d.consent.confirmedAt, 'dateTime'),
                how: t(
                  d.consent.method === 'form' ? 'portal.personalData.consentForm' : 'portal.personalData.consentImport',
                ),
                who: d.consent.confirmedBy ?? '—',
              })
            : t('portal.personalData.consentMissing')}
        </Text>
        <Details d={d} />
        <Section title={t('portal.personalData.signIns')} empty={d.signIns.length === 0}>
          <Rows
            head={[
              t('portal.personalData.col.signedIn'),
              t('portal.personalData.col.lastSeen'),
              t('portal.personalData.col.ended'),
              t('portal.personalData.col.address'),
              t('portal.personalData.col.device'),
            ]}
            rows={d.signIns.map((s) => [
              formatDate(s.signedInAt),
              formatDate(s.lastSeenAt),
              formatDate(s.endedAt),
              s.address ?? '—',
              s.device ?? '—',
            ])}
          />
        </Section>
        <Section title={t('portal.personalData.attempts')} empty={d.attempts.length === 0}>
          {d.attempts.map((a) => (
            <Stack key={a.id} gap="xs">
              <Text size="sm">
                {t('portal.personalData.attemptLine', {
                  started: formatDate(a.startedAt),
                  finished: formatDate(a.finishedAt),
                  score: a.score ?? '—',
                  max: a.maxScore ?? '—',
                })}
              </Text>
              {a.feedbackComment ? (
                <Text size="sm">{t('portal.personalData.feedback', { text: a.feedbackComment })}</Text>
              ) : null}
              <Rows
                head={[
                  t('portal.personalData.col.section'),
                  t('portal.personalData.col.question'),
                  t('portal.personalData.col.answer'),
                  t('portal.personalData.col.marks'),
                ]}
                rows={a.answers.map((x) => [
                  x.moduleTitle,
                  String(x.questionId),
                  answerText(x.value),
                  x.marksAwarded == null ? '—' : String(x.marksAwarded),
                ])}
              />
            </Stack>
          ))}
        </Section>
        <Section title={t('portal.personalData.results')} empty={d.results.length === 0}>
          <Rows
            head={[
              t('portal.personalData.col.score'),
              t('portal.personalData.col.rank'),
              t('portal.personalData.col.award'),
              t('portal.personalData.col.published'),
            ]}
            rows={d.results.map((r) => [
              `${r.score} / ${r.maxScore} (${Math.round(r.percent)}%)`,
              String(r.rank),
              r.award,
              formatDate(r.publishedAt, 'date'),
            ])}
          />
        </Section>
        <Section title={t('portal.personalData.certificates')} empty={d.certificates.length === 0}>
          <Rows
            head={[
              t('portal.personalData.col.code'),
              t('portal.personalData.col.award'),
              t('portal.personalData.col.name'),
              t('portal.personalData.col.issued'),
            ]}
            rows={d.certificates.map((c) => [
              c.code,
              c.awardLabel,
              c.learnerName || t('portal.personalData.noName'),
              formatDate(c.issuedAt, 'date'),
            ])}
          />
        </Section>
        <Section title={t('portal.personalData.mail')} empty={d.mail.length === 0}>
          <Rows
            head={[
              t('portal.personalData.col.sent'),
              t('portal.personalData.col.to'),
              t('portal.personalData.col.subject'),
              t('portal.personalData.col.status'),
            ]}
            rows={d.mail.map((m) => [formatDate(m.sentAt ?? m.createdAt), m.toAddress || '—', m.subject, m.status])}
          />
        </Section>
        <Section title={t('portal.personalData.audit')} empty={d.audit.length === 0}>
          <Rows
            head={[
              t('portal.personalData.col.when'),
              t('portal.personalData.col.action'),
              t('portal.personalData.col.by'),
            ]}
            rows={d.audit.map((a) => [formatDate(a.at), a.action, a.actor ?? '—'])}
          />
        </Section>
      </Stack>
      <ForgetDialog opened={asking != null} onClose={() => setAsking(null)} id={id} name={asking ?? name} />
    </div>
  );
}

function Details({ d }: { d: PersonalData }) {
  const t = useT();
  const x = d.details;
  const rows: Array<[string, ReactNode]> = [
    [t('portal.personalData.field.name'), `${x.firstName} ${x.lastName}`.trim()],
    [t('portal.personalData.field.username'), x.username],
    [t('portal.personalData.field.grade'), x.grade ?? '—'],
    [t('portal.personalData.field.school'), x.school?.name ?? '—'],
    [t('portal.personalData.field.olympiad'), `${x.olympiad.title} (${x.olympiad.year})`],
    [t('portal.personalData.field.language'), x.language ?? '—'],
    [t('portal.personalData.field.email'), x.email ?? '—'],
    [t('portal.personalData.field.dateOfBirth'), x.dateOfBirth ?? '—'],
    [t('portal.personalData.field.loaded'), formatDate(x.createdAt)],
  ];
  return (
    <Section title={t('portal.personalData.details')} empty={false}>
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={160} fw={500} c="dimmed">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

function Section({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <Card withBorder radius="md" padding="lg" component="section">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text size="sm" c="dimmed">
          {t('portal.personalData.none')}
        </Text>
      ) : (
        children
      )}
    </Card>
  );
}

function Rows({ head, rows }: { head: string[]; rows: string[][] }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={i}>
              {r.map((cell, j) => (
                <Table.Td key={j} style={{ wordBreak: 'break-word' }}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** An answer as a line of text: a written answer's words, else the choice as stored. */
function answerText(value: PersonalData['attempts'][number]['answers'][number]['value']): string {
  if (value.type === 'short_text') return value.text || '—';
  const { type: _type, ...rest } = value;
  return JSON.stringify(rest);
}

function ForgetDialog({
  opened,
  onClose,
  id,
  name,
}: {
  opened: boolean;
  onClose: () => void;
  id: number;
  name: string;
}) {
  const t = useT();
  const forget = useForgetLearner();
  return (
    <Modal opened={opened} onClose={onClose} title={t('portal.personalData.forgetTitle', { name })} size="lg">
      <Stack gap="sm">
        <Text>{t('portal.personalData.forgetGoes')}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('portal.personalData.forgetName')}</List.Item>
          <List.Item>{t('portal.personalData.forgetAnswers')}</List.Item>
          <List.Item>{t('portal.personalData.forgetSessions')}</List.Item>
          <List.Item>{t('portal.personalData.forgetMail')}</List.Item>
        </List>
        <Text>{t('portal.personalData.forgetStays')}</Text>
        <Text size="sm" c="dimmed">
          {t('portal.personalData.forgetFinal')}
        </Text>
        {forget.error ? <Alert color="red">{forget.error.message}</Alert> : null}
        {forget.data ? <Alert color="teal">{forget.data.message}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {forget.data ? t('portal.personalData.close') : t('portal.personalData.cancel')}
          </Button>
          {forget.data ? null : (
            <Button color="red" loading={forget.isPending} onClick={() => forget.mutate(id)}>
              {t('portal.personalData.forgetConfirm', { name })}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
