import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  List,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import {
  choiceFlagText,
  type DifficultyItem,
  difficultyFlagText,
  type DifficultyReport,
  type PaperStatistics,
} from '#contract/authoring';
import { gradesOf } from '#contract/grades';
import { count, score } from '#contract/numbers';
import { PageHeader } from '../../../components/PageHeader.js';
import { ExportButtons } from '../../../components/reports/ExportButtons.js';
import { LanguageSplitPanel } from '../../../components/reports/LanguageSplitPanel.js';
import { scrollRegion } from '../../../components/scroll-region.js';
import { showAlert } from '../../../lib/api/index.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { downloadDifficulty, useDifficultyReport } from '../api/difficulty-report.js';

type SortKey = 'order' | 'facility' | 'discriminationIndex' | 'discrimination' | 'flags';
const pct = (x: number) => `${Math.round(x * 100)} %`;
const two = (x: number | null) => (x == null ? '—' : x.toFixed(2));
const label = (i: DifficultyItem) => `M${i.moduleIndex + 1} Q${i.questionIndex + 1}`;
/** Below this the totals are too much chance to rank learners on (the usual rule of thumb for a school test). */
const RELIABLE = 0.7;

/**
 * /{olympiadName}/admin/reports/questions-by-difficulty: item analysis after marking (decision 083), of every grade
 * or one. The paper's figures come first, then each question's, with what each figure means in plain words for an
 * organiser who is no psychometrician; csv and xlsx downloads carry the same figures for the grade chosen.
 */
export function QuestionsByDifficultyPage() {
  const { olympiad, olympiadName } = useRouteOlympiad();
  const olympiadId = olympiad?.id ?? null;
  const [grade, setGrade] = useState<number | null>(null);
  const report = useDifficultyReport(olympiadId, grade);
  const r = report.data;
  const [sort, setSort] = useState<SortKey>('order');
  const [desc, setDesc] = useState(false);
  const items = [...(r?.items ?? [])].sort((a, b) => {
    const value = (i: DifficultyItem) =>
      sort === 'order' ? i.moduleIndex * 10_000 + i.questionIndex : sort === 'flags' ? i.flags.length : (i[sort] ?? -2);
    return (value(a) - value(b)) * (desc ? -1 : 1);
  });
  const header = (key: SortKey, text: string) => (
    <Table.Th scope="col" aria-sort={sort === key ? (desc ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton
        fw={600}
        fz="sm"
        onClick={() => {
          if (sort === key) setDesc(!desc);
          else {
            setSort(key);
            setDesc(key === 'flags');
          }
        }}
      >
        {text} {sort === key ? (desc ? '▼' : '▲') : '↕'}
      </UnstyledButton>
    </Table.Th>
  );
  const [optionsBusy, setOptionsBusy] = useState(false);
  const downloadOptions = async () => {
    if (olympiadId == null) return;
    setOptionsBusy(true);
    try {
      await downloadDifficulty(olympiadId, grade, 'csv', olympiadName, 'options');
    } catch (e) {
      showAlert((e as Error).message);
    } finally {
      setOptionsBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title ?? olympiadName}
        title="Questions by difficulty"
        description="After marking: how easy each question was, how well it told stronger from weaker learners, which options they chose, and how consistent the paper is as a whole."
        actions={
          olympiadId != null ? (
            <Group gap="xs">
              <ExportButtons
                what="the questions by difficulty"
                onExport={(f) => downloadDifficulty(olympiadId, grade, f, olympiadName)}
              />
              <Button variant="default" size="sm" loading={optionsBusy} onClick={() => void downloadOptions()}>
                Download options csv
              </Button>
            </Group>
          ) : null
        }
      />
      <Stack gap="lg">
        <Select
          label="Grade"
          w={220}
          allowDeselect={false}
          data={[
            { value: '', label: 'All grades' },
            ...(olympiad ? gradesOf(olympiad) : []).map((g) => ({ value: String(g), label: `Grade ${g}` })),
          ]}
          value={grade == null ? '' : String(grade)}
          onChange={(v) => setGrade(v ? Number(v) : null)}
        />
        {report.isLoading ? <Loader aria-label="Loading" /> : null}
        {report.error ? (
          <Alert color="red" title="Could not load the report">
            {report.error.message}
          </Alert>
        ) : null}
        {r ? <PaperFigures report={r} /> : null}
        {r ? <Explanations minAttempts={r.paper.minAttempts} /> : null}
        {items.length ? (
          <Box
            role="img"
            aria-label={`Facility per question: ${items.map((i) => `${label(i)} ${i.facility == null ? 'none' : pct(i.facility)}`).join(', ')}`}
          >
            <Group gap={4} align="flex-end" h={140} wrap="nowrap" style={{ overflowX: 'auto' }}>
              {items.map((i) => (
                <Tooltip
                  key={i.questionId}
                  label={`${label(i)}: facility ${i.facility == null ? '—' : pct(i.facility)}`}
                >
                  <Stack gap={2} align="center" style={{ minWidth: 22 }}>
                    <Box
                      w={18}
                      h={Math.max(2, (i.facility ?? 0) * 110)}
                      bg={i.flags.length ? 'red.6' : 'blue.6'}
                      style={{ borderRadius: 2 }}
                    />
                    <Text size="9px" c="dimmed">
                      {i.moduleIndex + 1}.{i.questionIndex + 1}
                    </Text>
                  </Stack>
                </Tooltip>
              ))}
            </Group>
          </Box>
        ) : null}
        <Table.ScrollContainer minWidth={980} scrollAreaProps={scrollRegion('Questions by difficulty')}>
          <Table striped verticalSpacing="sm" aria-label="Questions by difficulty">
            <Table.Thead>
              <Table.Tr>
                {header('order', 'Question')}
                {header('facility', 'Facility')}
                <Table.Th scope="col">Standard deviation</Table.Th>
                {header('discriminationIndex', 'Discrimination index')}
                {header('discrimination', 'Top minus bottom 27 %')}
                <Table.Th scope="col">Options (key marked ✓): chosen by, top group, bottom group</Table.Th>
                {header('flags', 'Flags')}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((i) => (
                <Table.Tr key={i.questionId}>
                  <Table.Td maw={300}>
                    <Text fw={600} size="sm" component="div">
                      {label(i)}{' '}
                      <Badge size="xs" variant="light">
                        {i.type}
                      </Badge>
                    </Text>
                    <Text size="sm" lineClamp={2}>
                      {i.prompt}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {count(i.marks, 'mark')}; answered by {i.answered}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{i.facility == null ? '—' : pct(i.facility)}</Text>
                    <Text size="xs" c="dimmed">
                      Full marks: {pct(i.shareCorrect)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{i.sd == null ? '—' : `${two(i.sd)} marks`}</Table.Td>
                  <Table.Td>{two(i.discriminationIndex)}</Table.Td>
                  <Table.Td>{two(i.discrimination)}</Table.Td>
                  <Table.Td>
                    {i.choices.length ? (
                      <Stack gap={4}>
                        {i.choices.map((c) => (
                          <div key={c.id}>
                            <Text size="xs" fw={c.correct ? 700 : 400}>
                              {c.correct ? '✓ ' : ''}
                              {c.label}: {c.count} ({pct(c.share)})
                              {c.topShare != null && c.bottomShare != null
                                ? `; top ${pct(c.topShare)}, bottom ${pct(c.bottomShare)}`
                                : ''}
                            </Text>
                            {c.flags.map((f) => (
                              <Badge
                                key={f}
                                size="xs"
                                color={f === 'nobody_chose' ? 'gray' : 'red'}
                                variant="light"
                                style={{ whiteSpace: 'normal', height: 'auto' }}
                              >
                                {choiceFlagText[f]}
                              </Badge>
                            ))}
                          </div>
                        ))}
                      </Stack>
                    ) : (
                      <Text size="xs" c="dimmed">
                        No options: typed answers
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      {i.flags.map((f) => (
                        <Badge
                          key={f}
                          color={f === 'everybody_correct' ? 'gray' : 'red'}
                          variant="light"
                          style={{ whiteSpace: 'normal', height: 'auto' }}
                        >
                          {difficultyFlagText[f]}
                        </Badge>
                      ))}
                      {i.flags.length ? (
                        <Anchor
                          component={Link}
                          size="xs"
                          to={`/${olympiadName}/admin/edit/questions?module=${i.moduleId}`}
                        >
                          Fix the key
                        </Anchor>
                      ) : null}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {/* A paper in two languages: whether a question was harder in one of them (nothing for one language). */}
        <LanguageSplitPanel olympiadId={olympiadId ?? null} quiet />
      </Stack>
    </>
  );
}

/** One figure of the paper: its name, its value and what it says. */
function Figure({ name, value, children }: { name: string; value: string; children?: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {name}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {children ? <Text size="xs">{children}</Text> : null}
    </div>
  );
}

function PaperFigures({ report }: { report: DifficultyReport }) {
  const p: PaperStatistics = report.paper;
  const few = p.attempts < p.minAttempts;
  const of = report.grade == null ? 'all grades' : `grade ${report.grade}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="paper-title">
      <Title order={2} size="h4" id="paper-title" mb="sm">
        The paper, {of}
      </Title>
      {few ? (
        <Alert color="yellow" mb="md" title="Too few attempts for reliability">
          {p.attempts === 0
            ? `No finished attempts in ${of} yet.`
            : `Only ${count(p.attempts, 'finished attempt')} in ${of}.`}{' '}
          Reliability, its standard error and the discrimination index need at least {p.minAttempts}; with fewer they
          would say more about chance than about the paper.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
        <Figure name="Finished attempts" value={String(p.attempts)} />
        <Figure name="Mean total" value={p.mean == null ? '—' : `${score(p.mean)} of ${score(p.maxMarks)}`} />
        <Figure name="Standard deviation of totals" value={p.sd == null ? '—' : `${two(p.sd)} marks`} />
        <Figure name={p.dichotomous ? 'Reliability (KR-20)' : 'Reliability (Cronbach’s alpha)'} value={two(p.alpha)}>
          {p.alpha == null
            ? null
            : p.alpha < RELIABLE
              ? 'Below 0.7: the totals are partly chance. Look at the questions with a low or negative discrimination index.'
              : '0.7 or more: the questions measure consistently.'}
        </Figure>
        <Figure name="Standard error of measurement" value={p.sem == null ? '—' : `${two(p.sem)} marks`}>
          {p.sem == null
            ? null
            : `A learner’s total could as well have been about ${two(p.sem)} marks higher or lower.`}
        </Figure>
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="sm">
        Top and bottom groups: {count(report.groupSize, 'attempt')} each (27 % of the finished attempts, by total).
      </Text>
    </Card>
  );
}

function Explanations({ minAttempts }: { minAttempts: number }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="meaning-title">
      <Title order={2} size="h4" id="meaning-title" mb="sm">
        What the figures mean
      </Title>
      <List size="sm" spacing={6}>
        <List.Item>
          <b>Facility</b>: the average mark on the question as a share of its marks (part marks count). Low, under 20 %,
          means few managed it: too hard, unclear, or a wrong key. High, over 90 %, means nearly everyone did.
        </List.Item>
        <List.Item>
          <b>Standard deviation</b>: how far learners’ marks on the question spread. 0 means everyone scored the same,
          so the question tells no one apart.
        </List.Item>
        <List.Item>
          <b>Discrimination index</b>: how closely doing well on this question goes with doing well on the rest of the
          paper, from −1 to 1. 0.3 or more is good; under 0.2 the question does little; negative means weaker learners
          did better than stronger ones: check the key and the wording. Needs {minAttempts} attempts.
        </List.Item>
        <List.Item>
          <b>Top minus bottom 27 %</b>: the share with full marks among the strongest 27 % of learners less that among
          the weakest 27 %.
        </List.Item>
        <List.Item>
          <b>Options</b>: how many chose each, and what share of the top and bottom groups did. A wrong option nobody
          chose is not doing its work; one the top group chose more often than the key may be right too, or misleading.
        </List.Item>
        <List.Item>
          <b>Reliability</b> (Cronbach’s alpha, called KR-20 when every question is right or wrong): how consistently
          the questions measure the same thing, from 0 to 1. Under 0.7 the totals, and the ranks built on them, are
          partly chance. The <b>standard error of measurement</b> says by how many marks a total might be off.
        </List.Item>
      </List>
    </Card>
  );
}
