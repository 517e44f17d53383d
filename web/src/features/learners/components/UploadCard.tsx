import { Alert, Badge, Button, Card, Checkbox, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { GradeRange } from '#contract/grades';
import type { ImportJob, ImportReport } from '#contract/learners';
import { FileDropZone } from '../../../components/FileDropZone.js';
import { JobProgress, type JobView } from '../../../components/JobProgress.js';
import { scrollRegion } from '../../../components/scroll-region.js';
import { useDownloadSlips } from '../api/download-slips.js';
import { useDownloadTemplate } from '../api/download-template.js';
import { useImportJob } from '../api/import-job.js';
import type { LearnerScope } from '../api/keys.js';
import { usePreviewImport } from '../api/preview-import.js';
import { useStartImport } from '../api/start-import.js';
import { figure } from '#contract/numbers';
import type { OlympiadKind } from '#contract/units';
import { useT, type MessageId, type Values } from '../../../lib/i18n/index.js';

const fieldLabel = {
  firstName: 'portal.learners.col.firstName',
  lastName: 'portal.learners.col.surname',
  grade: 'portal.learners.col.grade',
  dateOfBirth: 'portal.learners.col.dateOfBirth',
  row: 'portal.upload.col.row',
} as const satisfies Record<string, MessageId>;

/** "grades 8 to 12", or "grade 12" for an olympiad of one grade. */
export const gradesText = (t: (id: MessageId, values?: Values) => string, r: GradeRange) =>
  r.minGrade === r.maxGrade
    ? t('portal.grades.one', { grade: r.minGrade })
    : t('portal.grades.range', { min: r.minGrade, max: r.maxGrade });

/**
 * Load learners from a spreadsheet: a report on every row first, then all rows in the background, or none. A
 * country's team (`kind` country) loads team members, each with a date of birth (decision 039); grades only
 * within the olympiad's range (decision 045).
 */
export function UploadCard({
  scope,
  grades,
  slipName,
  kind = 'school',
}: {
  scope: LearnerScope;
  grades: GradeRange;
  slipName: string;
  kind?: OlympiadKind;
}) {
  const t = useT();
  const team = kind === 'country';
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const preview = usePreviewImport();
  const start = useStartImport();
  // The school must hold a parent's or guardian's consent for every learner in the file (decision 109).
  const [consent, setConsent] = useState(false);
  const job = useImportJob(importId);
  const template = useDownloadTemplate();
  const slips = useDownloadSlips();
  const check = (f: File | null) => {
    setFile(f);
    setReport(null);
    setImportId(null);
    setSent(f ? 0 : null);
    preview.reset();
    start.reset();
    if (f)
      preview.mutate(
        { scope, file: f, onProgress: (p) => setSent(p.total ? Math.round((100 * p.loaded) / p.total) : null) },
        { onSuccess: setReport, onSettled: () => setSent(null) },
      );
  };
  const running = importId != null && job.data?.status !== 'done' && job.data?.status !== 'failed';
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="upload-title">
      <Title order={2} size="h3" id="upload-title" mb="xs">
        {t('portal.upload.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('portal.upload.columns', { team: team ? 'yes' : 'no', grades: gradesText(t, grades) })}
      </Text>
      <Group mb="md" gap="xs">
        <Button
          variant="light"
          size="xs"
          onClick={() => template.mutate({ format: 'xlsx', olympiadId: scope.olympiadId })}
        >
          {t('portal.upload.excelTemplate')}
        </Button>
        <Button
          variant="subtle"
          size="xs"
          onClick={() => template.mutate({ format: 'csv', olympiadId: scope.olympiadId })}
        >
          {t('portal.upload.csvTemplate')}
        </Button>
      </Group>
      <FileDropZone
        label={t('portal.upload.file')}
        formats={t('portal.upload.formats')}
        extensions={['.xlsx', '.csv']}
        accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        value={file}
        onChange={check}
        disabled={running}
        description={t('portal.upload.fileHelp')}
      />
      {preview.isPending ? (
        <Stack gap={4} mt="md" maw={480}>
          <Text size="sm">
            {sent != null && sent < 100 ? t('portal.upload.uploading', { percent: sent }) : t('portal.upload.checking')}
          </Text>
          <Progress
            value={sent != null && sent < 100 ? sent : 100}
            animated={sent == null || sent >= 100}
            aria-label={sent != null && sent < 100 ? t('portal.upload.uploadBar') : t('portal.upload.checkingBar')}
          />
        </Stack>
      ) : null}
      {preview.error ? (
        <Alert color="red" mt="md" role="alert">
          {preview.error.message}
        </Alert>
      ) : null}
      {report && importId == null ? <Report report={report} /> : null}
      {report && report.importId != null && importId == null ? (
        <Stack mt="md" gap="sm">
          <Checkbox
            label={t('portal.consent.import')}
            checked={consent}
            onChange={(e) => setConsent(e.currentTarget.checked)}
            required
          />
          <Group>
            <Button
              size="md"
              disabled={!consent}
              loading={start.isPending}
              onClick={() => start.mutate(report.importId!, { onSuccess: (j) => setImportId(j.id) })}
            >
              {t('portal.upload.load', { team: team ? 'yes' : 'no', count: report.valid, n: figure(report.valid) })}
            </Button>
          </Group>
        </Stack>
      ) : null}
      {start.error ? (
        <Alert color="red" mt="md" role="alert">
          {start.error.message}
        </Alert>
      ) : null}
      {importId != null ? (
        <ImportProgress
          job={job.data}
          error={job.error}
          onAgain={() => check(null)}
          slips={
            <Group mt="sm" gap="xs">
              <Button size="xs" onClick={() => slips.mutate({ scope, format: 'pdf', name: slipName })}>
                {t('portal.upload.slipsPdf')}
              </Button>
              <Button size="xs" variant="light" onClick={() => slips.mutate({ scope, format: 'csv', name: slipName })}>
                {t('portal.upload.slipsCsv')}
              </Button>
            </Group>
          }
        />
      ) : null}
    </Card>
  );
}

/** An import as the one progress display reads it: its message is what it did, or why nothing was saved. */
const importView = (job: ImportJob): JobView => ({
  ...job,
  message: job.status === 'done' ? job.message : null,
  error: job.status === 'failed' ? job.message : null,
});

/** A running import: a progress bar, then what came of it (polled from the server's job). */
function ImportProgress({
  job,
  error,
  slips,
  onAgain,
}: {
  job: ImportJob | undefined;
  error: Error | null;
  slips: ReactNode;
  onAgain: () => void;
}) {
  const t = useT();
  if (error)
    return (
      <Alert color="red" mt="md" role="alert">
        {error.message}
      </Alert>
    );
  const running = job?.status !== 'done' && job?.status !== 'failed';
  // The bar keeps its place in the tree from start to end, so that it sees the job end and says so once.
  return (
    <>
      <Stack gap={4} mt="md" maw={480}>
        {job ? null : <Progress value={0} aria-label={t('portal.upload.loading')} />}
        <JobProgress
          job={job && importView(job)}
          label={t('portal.upload.loading')}
          waiting={t('portal.upload.waiting')}
          phases={{
            credentials: { label: t('portal.upload.credentials'), of: t('portal.passwords.learners') },
            saving: {
              label: t('portal.upload.saving', { count: job?.total ?? 0, n: figure(job?.total ?? 0) }),
              counted: false,
            },
          }}
          doneText={t('portal.upload.done')}
          failedTitle={t('portal.upload.nothingSaved')}
          outcome={false}
        />
        {running ? (
          <Text size="xs" c="dimmed">
            {t('portal.upload.together')}
          </Text>
        ) : null}
      </Stack>
      {job?.status === 'done' ? (
        <Alert color="green" mt="md" title={t('portal.upload.loaded')} role="status">
          <Text>{job.message}</Text>
          {slips}
        </Alert>
      ) : job?.status === 'failed' ? (
        <Alert color="red" mt="md" title={t('portal.upload.nothingSaved')} role="alert">
          <Text>{job.message}</Text>
          <Button size="xs" variant="light" mt="sm" onClick={onAgain}>
            {t('portal.upload.again')}
          </Button>
        </Alert>
      ) : null}
    </>
  );
}

function Report({ report }: { report: ImportReport }) {
  const t = useT();
  return (
    <Stack mt="md" gap="sm" aria-live="polite">
      <Group gap="xs">
        <Badge size="lg" variant="light">
          {t('portal.upload.rowsRead', { count: report.total })}
        </Badge>
        <Badge size="lg" color="green" variant="light">
          {t('portal.upload.ready', { count: report.valid })}
        </Badge>
        {report.invalid ? (
          <Badge size="lg" color="red" variant="light">
            {t('portal.upload.attention', { count: report.invalid })}
          </Badge>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('portal.upload.readAs', { file: report.fileName, encoding: report.encoding })}{' '}
          {report.headerRow != null
            ? t('portal.upload.headings', { row: report.headerRow })
            : t('portal.upload.noHeadings')}
        </Text>
      </Group>
      {report.invalid ? (
        <Alert color="red" title={t('portal.upload.fix', { count: report.invalid })} role="alert">
          <Table.ScrollContainer minWidth={480} scrollAreaProps={scrollRegion(t('portal.upload.attentionTable'))}>
            <Table aria-label={t('portal.upload.attentionTable')} verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('portal.upload.col.row')}</Table.Th>
                  <Table.Th>{t('portal.upload.col.column')}</Table.Th>
                  <Table.Th>{t('portal.upload.col.value')}</Table.Th>
                  <Table.Th>{t('portal.upload.col.fix')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.errors.map((e, i) => (
                  <Table.Tr key={`${e.row}-${e.field}-${i}`}>
                    <Table.Td>{e.row}</Table.Td>
                    <Table.Td>{t(fieldLabel[e.field])}</Table.Td>
                    <Table.Td>{e.value || t('portal.upload.empty')}</Table.Td>
                    <Table.Td>{e.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" mt="xs">
            {t('portal.upload.nothingYet')}
          </Text>
        </Alert>
      ) : report.valid ? (
        <Text size="sm">
          {t('portal.upload.allRight')}{' '}
          {report.sample
            .slice(0, 5)
            .map((s) => `${s.firstName} ${s.lastName} (${s.grade}${s.dateOfBirth ? `, ${s.dateOfBirth}` : ''})`)
            .join(', ')}
          {report.valid > 5 ? ', …' : ''}
        </Text>
      ) : null}
    </Stack>
  );
}
