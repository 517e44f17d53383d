import { Alert, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useSessionUser } from '../../../lib/session/index.js';
import type { LearnerScope } from '../api/keys.js';
import { useEntries } from '../api/list-entries.js';
import { LearnersCard } from '../components/LearnersCard.js';
import { UploadCard } from '../components/UploadCard.js';
import { count } from '#contract/numbers';

/**
 * /portal/{o}/load-learners (a teacher, their school) and /{o}/admin/edit/learners (an admin, any
 * school of the olympiad): upload a spreadsheet with a per-row report before saving, slips, one by one.
 */
export function LoadLearnersPage() {
  const user = useSessionUser();
  const { olympiad, error } = useRouteOlympiad();
  const isTeacher = user?.role === 'teacher';
  // `?schoolId=` opens one school's learners (the overlord's search links a learner this way).
  const [urlParams] = useSearchParams();
  const [schoolId, setSchoolId] = useState<number | null>(() => Number(urlParams.get('schoolId')) || null);
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
    label: `${e.schoolName} (${count(e.learnerCount, 'learner')})`,
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
      onChange={(v, option) => onChange(v ? Number(v) : null, option?.label.replace(/ \(\d+ learners?\)$/, '') ?? '')}
    />
  );
}
