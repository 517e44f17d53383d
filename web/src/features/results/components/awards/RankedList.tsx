import { Badge, Card, Group, Select, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { type GradeRange, gradesOf } from '#contract/grades';
import type { LearnerResult, ResultsOverview } from '#contract/results';
import { type Column, PagedTable, useListParams } from '../../../../components/PagedTable.js';
import { type UnitWords, unitWords } from '#contract/units';
import { useRouteOlympiad } from '../../../../lib/public-api/use-route-olympiad.js';
import { useLearnerResults } from '../../api/list-learner-results.js';
import { score } from '#contract/numbers';

const columnsFor = (w: UnitWords): Column<LearnerResult>[] => [
  { key: 'rank', label: 'Rank', sortable: true, render: (r) => r.rank },
  {
    key: 'name',
    label: 'Learner',
    sortable: true,
    render: (r) => (
      <>
        {r.firstName} {r.lastName}
        <Text size="xs" c="dimmed">
          {r.username}
        </Text>
      </>
    ),
  },
  { key: 'school', label: w.Unit, sortable: true, render: (r) => r.schoolName ?? '' },
  {
    key: 'grade',
    label: 'Grade',
    sortable: true,
    render: (r) => (r.grade == null ? '' : `${r.grade} (${r.gradeRank ?? '–'})`),
  },
  { key: 'language', label: 'Language', render: (r) => (r.language === 'af' ? 'Afrikaans' : 'English') },
  {
    key: 'score',
    label: 'Score',
    sortable: true,
    render: (r) => `${score(r.score)} / ${score(r.maxScore)} (${score(r.percent)} %)`,
  },
  {
    key: 'award',
    label: 'Award',
    render: (r) => (
      <Group gap={4}>
        {r.award ? (
          <Badge variant="light" c="dark.7">
            {r.awardLabel}
          </Badge>
        ) : (
          <Text size="sm">No award</Text>
        )}
        {r.bestInSchool ? (
          <Badge variant="outline" color="teal" c="dark.7">
            Best in {w.unit}
          </Badge>
        ) : null}
      </Group>
    ),
  },
];

/** The published learners, ranked, with search, grade and award filters. */
export function RankedList({
  olympiadId,
  grades,
  overview,
}: {
  olympiadId: number;
  /** The olympiad's grades: the filter offers only these (decision 045). */
  grades: GradeRange;
  overview: ResultsOverview;
}) {
  const list = useListParams('rank', 25);
  const w = unitWords(useRouteOlympiad().olympiad?.kind);
  const [grade, setGrade] = useState<string | null>(null);
  const [award, setAward] = useState<string | null>(null);
  const learners = useLearnerResults(
    {
      ...list.params,
      olympiadId,
      grade: grade == null ? undefined : Number(grade),
      award: award ?? undefined,
    },
    overview.snapshotRows > 0,
  );
  const rule = overview.awardRule;
  const awardOptions = [
    ...rule.bands.map((b) => ({ value: b.key, label: b.label })),
    { value: 'participation', label: rule.participationLabel },
    ...(rule.excludeZero ? [{ value: 'none', label: 'No award' }] : []),
  ];
  return (
    <Card withBorder radius="md" padding="lg" mt="lg" aria-labelledby="ranked-heading">
      <Title order={2} size="h4" id="ranked-heading" mb={4}>
        Ranked learners
      </Title>
      {overview.snapshotRows === 0 ? (
        <Text c="dimmed">The ranked list appears here once the results are published.</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            {overview.publishedAt
              ? 'As published. Ties share a rank; the grade’s rank is in brackets.'
              : 'The last published results (withdrawn now: teachers and learners do not see them).'}
          </Text>
          <Group gap="sm" mb="sm" wrap="wrap">
            <Select
              label="Grade"
              placeholder="Every grade"
              clearable
              w={160}
              data={gradesOf(grades).map(String)}
              value={grade}
              onChange={(v) => {
                setGrade(v);
                list.setPage(1);
              }}
            />
            <Select
              label="Award"
              placeholder="Every award"
              clearable
              w={200}
              data={awardOptions}
              value={award}
              onChange={(v) => {
                setAward(v);
                list.setPage(1);
              }}
            />
          </Group>
          <PagedTable
            label="Ranked learners"
            columns={columnsFor(w)}
            rows={learners.data?.items}
            total={learners.data?.total ?? 0}
            rowKey={(r) => r.attemptId}
            list={list}
            loading={learners.isFetching}
            error={learners.error}
            searchPlaceholder={`Search by name, username or ${w.unit}`}
            empty="No learner matches."
            minWidth={760}
          />
        </>
      )}
    </Card>
  );
}
