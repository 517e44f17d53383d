import { Alert, Badge, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { MyProfileInput, type Teacher } from '#contract/teachers';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { Confirm } from '../../../components/Confirm.js';
import { useTeachers } from '../api/list-teachers.js';
import { useSchoolOptions } from '../api/list-school-options.js';
import { type TeacherMail, useMailTeacher } from '../api/mail-teacher.js';
import { useSaveTeacher } from '../api/save-teacher.js';
import { useSetTeacherDisabled } from '../api/set-teacher-disabled.js';
import { useEndTeacherSessions } from '../api/end-teacher-sessions.js';

/** How the page names the people it lists: teachers of schools, or team admins of countries' teams. */
const words = {
  teachers: {
    title: 'Teachers',
    description: 'The teachers of the schools entered in this olympiad.',
    add: 'Add a teacher',
    edit: 'Edit teacher',
    one: 'teacher',
    person: 'Teacher',
    place: 'School',
  },
  teamAdmins: {
    title: 'Team admins',
    description:
      'The people who register each country’s team: invited by mail to choose a password, disabled and enabled here.',
    add: 'Add a team admin',
    edit: 'Edit team admin',
    one: 'team admin',
    person: 'Team admin',
    place: 'Team',
  },
} as const;

/** /{o}/admin/edit/teachers and /edit/team-admins (team admins are teacher accounts of a country's team). */
export function TeachersPage({ kind = 'teachers' }: { kind?: keyof typeof words }) {
  const w = words[kind];
  const { olympiad } = useRouteOlympiad();
  const list = useListParams('lastName');
  const teachers = useTeachers({ ...list.params, olympiadId: olympiad?.id }, olympiad != null);
  // The server says who may add teachers in this olympiad (teachers/policy.ts); the page derives no role rule.
  const mayAdd = teachers.data?.can.create ?? false;
  const mail = useMailTeacher();
  const [editing, setEditing] = useState<Teacher | 'new' | null>(null);
  const [toggling, setToggling] = useState<Teacher | null>(null);
  const setDisabled = useSetTeacherDisabled();
  // A lost or shared device: the teacher is signed out everywhere but keeps their account (decision 107).
  const [signingOut, setSigningOut] = useState<Teacher | null>(null);
  const endSessions = useEndTeacherSessions();
  const send = (t: Teacher, what: TeacherMail) => mail.mutate({ id: t.id, what });

  // Four columns that fit a 1280 px screen beside the sidebar: the email and username stand under the name (an
  // email column of its own, beside four buttons, made the table scroll sideways), and long words break anywhere.
  const columns: Column<Teacher>[] = [
    {
      key: 'lastName',
      label: w.person,
      sortable: true,
      render: (t) => (
        <div style={{ overflowWrap: 'anywhere' }}>
          <Text fw={600} size="sm">
            {t.firstName} {t.lastName}
          </Text>
          {/* The lines under the name are not bold on a phone either, where this column is the card's heading. */}
          {t.email ? (
            <Text size="sm" fw={400}>
              {t.email}
            </Text>
          ) : (
            <Text size="sm" fw={400} c="dimmed">
              No email
            </Text>
          )}
          <Text size="xs" fw={400} c="dimmed">
            {t.username}
          </Text>
        </div>
      ),
    },
    {
      key: 'schoolName',
      label: w.place,
      sortable: true,
      render: (t) => <div style={{ overflowWrap: 'anywhere' }}>{t.schoolName ?? '—'}</div>,
    },
    {
      key: 'state',
      label: 'Account',
      render: (t) =>
        t.disabled ? (
          <Badge color="red" variant="light">
            Disabled
          </Badge>
        ) : !t.hasPassword ? (
          <Badge color="yellow" variant="light">
            No password yet
          </Badge>
        ) : t.emailVerified ? (
          <Badge color="green" variant="light">
            Active
          </Badge>
        ) : (
          <Badge color="yellow" variant="light">
            Not verified
          </Badge>
        ),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (t) =>
        t.can.update ? (
          // The buttons go onto a second line rather than widen the table past the screen.
          <Group gap="xs" wrap="wrap">
            <Button
              size="xs"
              variant="light"
              onClick={() => setEditing(t)}
              aria-label={`Edit ${t.firstName} ${t.lastName}`}
            >
              Edit
            </Button>
            {t.disabled ? null : (
              <>
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => send(t, 'resend-verification')}
                  aria-label={`Resend link to ${t.firstName} ${t.lastName}`}
                >
                  Resend link
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => send(t, 'reset-password')}
                  aria-label={`Reset password of ${t.firstName} ${t.lastName}`}
                >
                  Reset password
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => setSigningOut(t)}
                  aria-label={`Sign out ${t.firstName} ${t.lastName} everywhere`}
                >
                  Sign out
                </Button>
              </>
            )}
            <Button
              size="xs"
              variant="subtle"
              color={t.disabled ? 'olympus' : 'red'}
              onClick={() => setToggling(t)}
              aria-label={`${t.disabled ? 'Enable' : 'Disable'} ${t.firstName} ${t.lastName}`}
            >
              {t.disabled ? 'Enable' : 'Disable'}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            View only
          </Text>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title={w.title}
        description={w.description}
        actions={mayAdd ? <Button onClick={() => setEditing('new')}>{w.add}</Button> : null}
      />
      <PagedTable
        label={w.title}
        columns={columns}
        rows={teachers.data?.items}
        total={teachers.data?.total ?? 0}
        rowKey={(t) => t.id}
        list={list}
        loading={teachers.isFetching}
        error={teachers.error}
        searchPlaceholder="Search name, email, username or school"
        empty="No teachers match."
      />
      <Confirm
        opened={toggling !== null}
        title={toggling?.disabled ? `Enable this ${w.one}?` : `Disable this ${w.one}?`}
        confirmLabel={toggling?.disabled ? 'Enable' : 'Disable and sign out'}
        color={toggling?.disabled ? undefined : 'red.9'}
        loading={setDisabled.isPending}
        onClose={() => setToggling(null)}
        onConfirm={() =>
          toggling &&
          setDisabled.mutate({ id: toggling.id, disabled: !toggling.disabled }, { onSuccess: () => setToggling(null) })
        }
      >
        {toggling?.disabled ? (
          <>
            <b>
              {toggling.firstName} {toggling.lastName}
            </b>{' '}
            can sign in again with their password.
          </>
        ) : toggling ? (
          <>
            <b>
              {toggling.firstName} {toggling.lastName}
            </b>{' '}
            ({toggling.schoolName ?? 'no school'}) is signed out everywhere at once and can no longer sign in, until you
            enable them again. Their school, learners and entries stay as they are.
          </>
        ) : null}
      </Confirm>
      <Confirm
        opened={signingOut !== null}
        title={`Sign this ${w.one} out everywhere?`}
        confirmLabel="Sign out everywhere"
        loading={endSessions.isPending}
        onClose={() => setSigningOut(null)}
        onConfirm={() => signingOut && endSessions.mutate(signingOut.id, { onSuccess: () => setSigningOut(null) })}
      >
        {signingOut ? (
          <>
            Every browser where{' '}
            <b>
              {signingOut.firstName} {signingOut.lastName}
            </b>{' '}
            is signed in is signed out at once, for a lost or shared device. They can sign in again with their password.
          </>
        ) : null}
      </Confirm>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? w.add : w.edit}
        size="lg"
      >
        {editing !== null ? (
          <TeacherForm
            place={w.place}
            teacher={editing === 'new' ? null : editing}
            olympiadId={olympiad?.id}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}

function TeacherForm({
  place,
  teacher,
  olympiadId,
  onDone,
}: {
  place: string;
  teacher: Teacher | null;
  olympiadId: number | undefined;
  onDone: () => void;
}) {
  const save = useSaveTeacher();
  const [schoolSearch, setSchoolSearch] = useState('');
  const [debounced] = useDebouncedValue(schoolSearch, 250);
  const schools = useSchoolOptions(olympiadId, debounced);
  const [schoolId, setSchoolId] = useState<string | null>(teacher?.schoolId ? String(teacher.schoolId) : null);
  const form = useSchemaForm({
    schema: MyProfileInput,
    mode: 'uncontrolled',
    initialValues: {
      firstName: teacher?.firstName ?? '',
      lastName: teacher?.lastName ?? '',
      email: teacher?.email ?? '',
      phone: teacher?.phone ?? '',
    },
    validateInputOnBlur: true,
  });
  const options = (schools.data ?? []).map((s) => ({ value: String(s.id), label: `${s.name} — ${s.town ?? ''}` }));
  if (teacher?.schoolId && !options.some((o) => o.value === String(teacher.schoolId)))
    options.unshift({ value: String(teacher.schoolId), label: teacher.schoolName ?? 'Current school' });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (!schoolId) return;
        save.mutate(
          {
            id: teacher?.id ?? null,
            values: { ...values, schoolId: Number(schoolId), ...(teacher ? {} : olympiadId ? { olympiadId } : {}) },
          },
          { onSuccess: onDone, onError: form.setServerErrors },
        );
      })}
    >
      <Stack>
        {save.error ? (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        ) : null}
        <Select
          label={place}
          required
          searchable
          data={options}
          value={schoolId}
          onChange={setSchoolId}
          searchValue={schoolSearch}
          onSearchChange={setSchoolSearch}
          filter={({ options: o }) => o}
          error={!schoolId && form.submitting ? `Choose the ${place.toLowerCase()}` : undefined}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" required key={form.key('firstName')} {...form.getInputProps('firstName')} />
          <TextInput label="Surname" required key={form.key('lastName')} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
          description={teacher ? undefined : 'A link to verify this address and choose a password is mailed here.'}
        />
        <TextInput label="Phone" type="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!schoolId}>
            Save teacher
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
