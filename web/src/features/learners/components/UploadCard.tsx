import { Alert, Badge, Button, Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type GradeRange, gradeRangeText } from '#contract/grades';
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
import { count } from '#contract/numbers';
import { type OlympiadKind, unitWords } from '#contract/units';

const fieldLabel = {
  firstName: 'First name',
  lastName: 'Surname',
  grade: 'Grade',
  dateOfBirth: 'Date of birth',
  row: 'Row',
} as const;

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
  const words = unitWords(kind);
  const team = kind === 'country';
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const preview = usePreviewImport();
  const start = useStartImport();
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
        Load from a spreadsheet
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {team
          ? 'One team member per row with the columns First name, Surname, Grade and Date of birth (YYYY-MM-DD)'
          : 'One learner per row with the columns First name, Surname and Grade'}{' '}
        (this olympiad is for {gradeRangeText(grades)}). Excel (.xlsx) or CSV; accents and apostrophes are kept.
      </Text>
      <Group mb="md" gap="xs">
        <Button
          variant="light"
          size="xs"
          onClick={() => template.mutate({ format: 'xlsx', olympiadId: scope.olympiadId })}
        >
          Download the Excel template
        </Button>
        <Button
          variant="subtle"
          size="xs"
          onClick={() => template.mutate({ format: 'csv', olympiadId: scope.olympiadId })}
        >
          CSV template
        </Button>
      </Group>
      <FileDropZone
        label="Spreadsheet"
        formats="Excel (.xlsx) or CSV (.csv)"
        extensions={['.xlsx', '.csv']}
        accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        value={file}
        onChange={check}
        disabled={running}
        description="It is checked at once; nothing is saved until you confirm."
      />
      {preview.isPending ? (
        <Stack gap={4} mt="md" maw={480}>
          <Text size="sm">{sent != null && sent < 100 ? `Uploading… ${sent}%` : 'Checking every row…'}</Text>
          <Progress
            value={sent != null && sent < 100 ? sent : 100}
            animated={sent == null || sent >= 100}
            aria-label={sent != null && sent < 100 ? 'Upload' : 'Checking the rows'}
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
        <Group mt="md">
          <Button
            size="md"
            loading={start.isPending}
            onClick={() => start.mutate(report.importId!, { onSuccess: (j) => setImportId(j.id) })}
          >
            Load {count(report.valid, words.member, words.members)}
          </Button>
        </Group>
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
                Download sign-in slips (PDF)
              </Button>
              <Button size="xs" variant="light" onClick={() => slips.mutate({ scope, format: 'csv', name: slipName })}>
                Slips as CSV
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
        {job ? null : <Progress value={0} aria-label="Loading the learners" />}
        <JobProgress
          job={job && importView(job)}
          label="Loading the learners"
          waiting="Waiting for the server to start…"
          phases={{
            credentials: { label: 'Making usernames and passwords', of: 'learners' },
            saving: { label: `Saving all ${count(job?.total ?? 0, 'learner')} at once`, counted: false },
          }}
          doneText="The learners are loaded"
          failedTitle="Nothing was saved"
          outcome={false}
        />
        {running ? (
          <Text size="xs" c="dimmed">
            All rows are saved together, or none: you may leave this page, the server carries on.
          </Text>
        ) : null}
      </Stack>
      {job?.status === 'done' ? (
        <Alert color="green" mt="md" title="Learners loaded" role="status">
          <Text>{job.message}</Text>
          {slips}
        </Alert>
      ) : job?.status === 'failed' ? (
        <Alert color="red" mt="md" title="Nothing was saved" role="alert">
          <Text>{job.message}</Text>
          <Button size="xs" variant="light" mt="sm" onClick={onAgain}>
            Choose the file again
          </Button>
        </Alert>
      ) : null}
    </>
  );
}

function Report({ report }: { report: ImportReport }) {
  return (
    <Stack mt="md" gap="sm" aria-live="polite">
      <Group gap="xs">
        <Badge size="lg" variant="light">
          {report.total} rows read
        </Badge>
        <Badge size="lg" color="green" variant="light">
          {report.valid} ready
        </Badge>
        {report.invalid ? (
          <Badge size="lg" color="red" variant="light">
            {report.invalid} need attention
          </Badge>
        ) : null}
        <Text size="xs" c="dimmed">
          {report.fileName} · read as {report.encoding}
          {report.headerRow != null
            ? ` · headings in row ${report.headerRow}`
            : ' · no headings: read as first name, surname, grade'}
        </Text>
      </Group>
      {report.invalid ? (
        <Alert
          color="red"
          title={`Fix ${report.invalid === 1 ? 'this row' : `these ${report.invalid} rows`} and upload the file again`}
          role="alert"
        >
          <Table.ScrollContainer minWidth={480} scrollAreaProps={scrollRegion('Rows that need attention')}>
            <Table aria-label="Rows that need attention" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Column</Table.Th>
                  <Table.Th>Value</Table.Th>
                  <Table.Th>What to fix</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.errors.map((e, i) => (
                  <Table.Tr key={`${e.row}-${e.field}-${i}`}>
                    <Table.Td>{e.row}</Table.Td>
                    <Table.Td>{fieldLabel[e.field]}</Table.Td>
                    <Table.Td>{e.value || '(empty)'}</Table.Td>
                    <Table.Td>{e.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" mt="xs">
            Nothing has been saved.
          </Text>
        </Alert>
      ) : report.valid ? (
        <Text size="sm">
          Every row is right. First rows as they will be saved:{' '}
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
