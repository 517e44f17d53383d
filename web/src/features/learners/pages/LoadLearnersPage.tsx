import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { type ImportJob, type ImportReport, LearnerInput, type Learner } from '../../../../../contract/learners.js';
import { Password } from '../../../../../contract/auth.js';
import { setServerErrors } from '../../../lib/forms/index.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useSessionUser } from '../../../lib/session/index.js';
import {
  downloadSlips,
  downloadTemplate,
  type LearnerScope,
  useAddLearner,
  useDeleteLearner,
  useEntries,
  useImportJob,
  useLearners,
  usePreviewImport,
  useSetLearnerPassword,
  useStartImport,
  useUpdateLearner,
} from '../api/learners.js';

const fieldLabel = { firstName: 'First name', lastName: 'Surname', grade: 'Grade', row: 'Row' } as const;

/**
 * /portal/{o}/load-learners (a teacher, their school) and /{o}/admin/edit/learners (an admin, any
 * school of the olympiad): upload a spreadsheet with a per-row report before saving, slips, one by one.
 */
export function LoadLearnersPage() {
  const user = useSessionUser();
  const { olympiad, error } = useRouteOlympiad();
  const isTeacher = user?.role === 'teacher';
  const [schoolId, setSchoolId] = useState<number | null>(null);
  const [schoolName, setSchoolName] = useState('');
  const scope: LearnerScope | null = olympiad
    ? isTeacher
      ? { olympiadId: olympiad.id }
      : schoolId
        ? { olympiadId: olympiad.id, schoolId }
        : null
    : null;
  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title={isTeacher ? 'Load learners' : 'Learners'}
        description="Load learners from a spreadsheet (you see a report on every row before anything is saved), print their sign-in slips, or add and correct them one by one."
      />
      {error ? <Alert color="red">{error.message}</Alert> : null}
      {!isTeacher && olympiad ? (
        <EntryPicker
          olympiadId={olympiad.id}
          value={schoolId}
          onChange={(id, name) => {
            setSchoolId(id);
            setSchoolName(name);
          }}
        />
      ) : null}
      {scope && olympiad ? (
        <Stack gap="xl">
          <UploadCard scope={scope} slipName={`${olympiad.varName}${schoolName ? `-${schoolName}` : ''}`} />
          <LearnersCard scope={scope} slipName={olympiad.varName} />
        </Stack>
      ) : !isTeacher ? (
        <Text c="dimmed" mt="md">
          Choose a school to see and load its learners.
        </Text>
      ) : null}
    </>
  );
}

function EntryPicker({
  olympiadId,
  value,
  onChange,
}: {
  olympiadId: number;
  value: number | null;
  onChange: (id: number | null, name: string) => void;
}) {
  const [search, setSearch] = useState('');
  const entries = useEntries(olympiadId, search);
  const data = (entries.data ?? []).map((e) => ({
    value: String(e.schoolId),
    label: `${e.schoolName} (${e.learnerCount} learners)`,
  }));
  return (
    <Select
      label="School"
      placeholder="Type to search the schools entered in this olympiad"
      searchable
      data={data}
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      value={value == null ? null : String(value)}
      mb="lg"
      maw={520}
      onChange={(v, option) => onChange(v ? Number(v) : null, option?.label.replace(/ \(\d+ learners\)$/, '') ?? '')}
    />
  );
}

function UploadCard({ scope, slipName }: { scope: LearnerScope; slipName: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const preview = usePreviewImport();
  const start = useStartImport();
  const job = useImportJob(importId);
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
        One learner per row with the columns First name, Surname and Grade (1–12). Excel (.xlsx) or CSV; accents and
        apostrophes are kept.
      </Text>
      <Group mb="md" gap="xs">
        <Button variant="light" size="xs" onClick={() => void downloadTemplate('xlsx')}>
          Download the Excel template
        </Button>
        <Button variant="subtle" size="xs" onClick={() => void downloadTemplate('csv')}>
          CSV template
        </Button>
      </Group>
      <FileInput
        label="Spreadsheet (.xlsx or .csv)"
        accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        value={file}
        onChange={check}
        clearable
        clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
        disabled={running}
        maw={480}
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
            Load {report.valid} learners
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
              <Button size="xs" onClick={() => void downloadSlips(scope, 'pdf', slipName)}>
                Download sign-in slips (PDF)
              </Button>
              <Button size="xs" variant="light" onClick={() => void downloadSlips(scope, 'csv', slipName)}>
                Slips as CSV
              </Button>
            </Group>
          }
        />
      ) : null}
    </Card>
  );
}

const phaseText = (job: ImportJob) =>
  job.status === 'queued' || job.status === 'held'
    ? 'Waiting for the server to start…'
    : job.phase === 'saving'
      ? `Saving all ${job.total.toLocaleString('en-ZA')} learners at once…`
      : `Making usernames and passwords: ${job.done.toLocaleString('en-ZA')} of ${job.total.toLocaleString('en-ZA')}`;

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
  if (!job) return <Progress mt="md" value={0} aria-label="Loading the learners" maw={480} />;
  if (job.status === 'done')
    return (
      <Alert color="green" mt="md" title="Learners loaded" role="status">
        <Text>{job.message}</Text>
        {slips}
      </Alert>
    );
  if (job.status === 'failed')
    return (
      <Alert color="red" mt="md" title="Nothing was saved" role="alert">
        <Text>{job.message}</Text>
        <Button size="xs" variant="light" mt="sm" onClick={onAgain}>
          Choose the file again
        </Button>
      </Alert>
    );
  const percent = job.total ? Math.round((100 * job.done) / job.total) : 0;
  return (
    <Stack gap={4} mt="md" maw={480} aria-live="polite">
      <Text size="sm">{phaseText(job)}</Text>
      <Progress
        value={job.phase === 'saving' ? 100 : percent}
        animated={job.phase === 'saving' || job.status === 'queued'}
        aria-label="Loading the learners"
      />
      <Text size="xs" c="dimmed">
        All rows are saved together, or none: you may leave this page, the server carries on.
      </Text>
    </Stack>
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
        </Text>
      </Group>
      {report.invalid ? (
        <Alert
          color="red"
          title={`Fix ${report.invalid === 1 ? 'this row' : `these ${report.invalid} rows`} and upload the file again`}
          role="alert"
        >
          <Table.ScrollContainer minWidth={480}>
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
            .map((s) => `${s.firstName} ${s.lastName} (${s.grade})`)
            .join(', ')}
          {report.valid > 5 ? ', …' : ''}
        </Text>
      ) : null}
    </Stack>
  );
}

function LearnersCard({ scope, slipName }: { scope: LearnerScope; slipName: string }) {
  const list = useListParams('lastName');
  const learners = useLearners(scope, list.params);
  const remove = useDeleteLearner();
  const [editing, setEditing] = useState<Learner | 'new' | null>(null);
  const [password, setPassword] = useState<Learner | null>(null);
  const columns: Column<Learner>[] = [
    { key: 'lastName', label: 'Surname', sortable: true, render: (l) => l.lastName },
    { key: 'firstName', label: 'First name', sortable: true, render: (l) => l.firstName },
    { key: 'grade', label: 'Grade', sortable: true, render: (l) => l.grade ?? '—' },
    { key: 'username', label: 'Username', sortable: true, render: (l) => <code>{l.username}</code> },
    {
      key: 'actions',
      label: 'Actions',
      render: (l) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            onClick={() => setEditing(l)}
            aria-label={`Edit ${l.firstName} ${l.lastName}`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => setPassword(l)}
            aria-label={`Set password for ${l.firstName} ${l.lastName}`}
          >
            Set password
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Remove ${l.firstName} ${l.lastName}`}
            onClick={() => {
              if (window.confirm(`Remove ${l.firstName} ${l.lastName}?`))
                remove.mutate(l.id, {
                  onSuccess: (r) => notifications.show({ color: 'green', message: r.message ?? 'Removed' }),
                  onError: (e) => notifications.show({ color: 'red', message: e.message }),
                });
            }}
          >
            Remove
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="learners-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h3" id="learners-title">
          Learners
        </Title>
        <Group gap="xs">
          <Button size="xs" onClick={() => setEditing('new')}>
            Add a learner
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={() =>
              void downloadSlips(scope, 'pdf', slipName).catch((e: Error) =>
                notifications.show({ color: 'red', message: e.message }),
              )
            }
          >
            Sign-in slips (PDF)
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={() =>
              void downloadSlips(scope, 'csv', slipName).catch((e: Error) =>
                notifications.show({ color: 'red', message: e.message }),
              )
            }
          >
            Slips (CSV)
          </Button>
        </Group>
      </Group>
      <PagedTable
        label="Learners"
        columns={columns}
        rows={learners.data?.items}
        total={learners.data?.total ?? 0}
        rowKey={(l) => l.id}
        list={list}
        loading={learners.isFetching}
        error={learners.error}
        searchPlaceholder="Search name or username"
        empty="No learners yet."
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add a learner' : 'Edit learner'}
      >
        {editing !== null ? (
          <LearnerForm scope={scope} learner={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <Modal
        opened={password !== null}
        onClose={() => setPassword(null)}
        title={password ? `Password of ${password.firstName} ${password.lastName}` : ''}
      >
        {password ? <PasswordForm learner={password} onDone={() => setPassword(null)} /> : null}
      </Modal>
    </Card>
  );
}

function LearnerForm({ scope, learner, onDone }: { scope: LearnerScope; learner: Learner | null; onDone: () => void }) {
  const add = useAddLearner();
  const update = useUpdateLearner();
  const [created, setCreated] = useState<{ username: string; password: string } | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: {
      firstName: learner?.firstName ?? '',
      lastName: learner?.lastName ?? '',
      grade: (learner?.grade ?? '') as number | string,
    },
    validate: schemaResolver(LearnerInput, { sync: true }),
    validateInputOnBlur: true,
  });
  if (created) {
    return (
      <Stack>
        <Alert color="green" title="Learner added" role="status">
          Username <b>{created.username}</b>, password <b>{created.password}</b>. It is on the sign-in slips too.
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onDone}>Done</Button>
        </Group>
      </Stack>
    );
  }
  const error = add.error ?? update.error;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        const values = { firstName: v.firstName, lastName: v.lastName, grade: Number(v.grade) };
        if (learner)
          update.mutate(
            { id: learner.id, values },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: 'Saved' });
                onDone();
              },
              onError: (e) => setServerErrors(form, e),
            },
          );
        else
          add.mutate(
            { ...scope, ...values },
            { onSuccess: (r) => setCreated(r.learner), onError: (e) => setServerErrors(form, e) },
          );
      })}
    >
      <Stack>
        {error ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" required key={form.key('firstName')} {...form.getInputProps('firstName')} />
          <TextInput label="Surname" required key={form.key('lastName')} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <NumberInput
          label="Grade"
          required
          min={1}
          max={12}
          w={120}
          key={form.key('grade')}
          {...form.getInputProps('grade')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending || update.isPending}>
            {learner ? 'Save' : 'Add learner'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PasswordForm({ learner, onDone }: { learner: Learner; onDone: () => void }) {
  const set = useSetLearnerPassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: {
      password: (v) => {
        const r = Password.safeParse(v);
        return r.success ? null : r.error.issues[0]?.message;
      },
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        set.mutate(
          { id: learner.id, password: v.password },
          {
            onSuccess: (r) => {
              notifications.show({ color: 'green', message: r.message ?? 'Saved' });
              onDone();
            },
          },
        ),
      )}
    >
      <Stack>
        {set.error ? (
          <Alert color="red" role="alert">
            {set.error.message}
          </Alert>
        ) : null}
        <Text size="sm">
          Username <code>{learner.username}</code>. Give the learner the new password; the old sign-in slip no longer
          works.
        </Text>
        <PasswordInput
          label="New password"
          required
          autoComplete="new-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={set.isPending}>
            Set password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
