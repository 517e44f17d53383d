import { Alert, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useT } from '../../../lib/i18n/index.js';
import { useSessionUser } from '../../../lib/session/index.js';
import type { LearnerScope } from '../api/keys.js';
import { useEntries } from '../api/list-entries.js';
import { LearnersCard } from '../components/LearnersCard.js';
import { UploadCard } from '../components/UploadCard.js';
import { figure } from '#contract/numbers';

/**
 * /portal/{o}/load-learners (a teacher, their school) and /{o}/admin/edit/learners (an admin, any
 * school of the olympiad): upload a spreadsheet with a per-row report before saving, slips, one by one.
 */
export function LoadLearnersPage() {
  const t = useT();
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
        title={isTeacher ? t('portal.learners.title.teacher') : t('portal.learners.title.staff')}
        description={t('portal.learners.description')}
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
          <UploadCard
            scope={scope}
            grades={olympiad}
            slipName={`${olympiad.varName}${schoolName ? `-${schoolName}` : ''}`}
          />
          <LearnersCard scope={scope} grades={olympiad} slipName={olympiad.varName} />
        </Stack>
      ) : !isTeacher ? (
        <Text c="dimmed" mt="md">
          {t('portal.learners.chooseSchool')}
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
  const t = useT();
  const [search, setSearch] = useState('');
  const entries = useEntries(olympiadId, search);
  const data = (entries.data ?? []).map((e) => ({
    value: String(e.schoolId),
    label: `${e.schoolName} (${t('portal.learners.count', { count: e.learnerCount, n: figure(e.learnerCount) })})`,
  }));
  return (
    <Select
      label={t('portal.learners.school')}
      placeholder={t('portal.learners.schoolSearch')}
      searchable
      data={data}
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      value={value == null ? null : String(value)}
      mb="lg"
      maw={520}
      onChange={(v, option) => {
        const entry = entries.data?.find((e) => String(e.schoolId) === v);
        onChange(v ? Number(v) : null, entry?.schoolName ?? option?.label ?? '');
      }}
    />
  );
}
