import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DifficultyItem } from '#contract/authoring';
import { PageHeader } from '../../../components/PageHeader.js';
import { useDifficultyReport } from '../api/difficulty-report.js';
import { useOlympiadOfPage } from '../components/use-olympiad.js';
import { difficultyCsv } from './difficulty-csv.js';

const flagText: Record<DifficultyItem['flags'][number], string> = {
  negative_discrimination: 'Weaker learners did better than stronger ones',
  distractor_beats_key: 'A wrong option was chosen more often than the key',
  nobody_correct: 'Nobody got it right',
  everybody_correct: 'Everybody got it right',
};
type SortKey = 'order' | 'shareCorrect' | 'discrimination' | 'flags';
const pct = (x: number) => `${Math.round(x * 100)} %`;
const label = (i: DifficultyItem) => `M${i.moduleIndex + 1} Q${i.questionIndex + 1}`;

/** /{olympiadName}/admin/reports/questions-by-difficulty */
export function QuestionsByDifficultyPage() {
  const { olympiadId, title, olympiadName } = useOlympiadOfPage();
  const report = useDifficultyReport(olympiadId);
  const [sort, setSort] = useState<SortKey>('order');
  const [desc, setDesc] = useState(false);
  const items = [...(report.data?.items ?? [])].sort((a, b) => {
    const value = (i: DifficultyItem) =>
      sort === 'order' ? i.moduleIndex * 10_000 + i.questionIndex : sort === 'flags' ? i.flags.length : (i[sort] ?? -2);
    return (value(a) - value(b)) * (desc ? -1 : 1);
  });
  const header = (key: SortKey, text: string) => (
    <Table.Th aria-sort={sort === key ? (desc ? 'descending' : 'ascending') : 'none'}>
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
  const exportCsv = () => {
    const url = URL.createObjectURL(new Blob([difficultyCsv(items)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${olympiadName}-questions-by-difficulty.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 5000);
  };

  return (
    <>
      <PageHeader
        eyebrow={title}
        title="Questions by difficulty"
        description="How many learners got each question right, how well it separated strong from weak learners (top vs bottom 27 %), and which options they chose."
        actions={
          <Button variant="default" onClick={exportCsv} disabled={!items.length}>
            Export CSV
          </Button>
        }
      />
      {report.isLoading ? <Loader aria-label="Loading" /> : null}
      {report.error ? <Alert color="red">{report.error.message}</Alert> : null}
      {report.data ? (
        <Text c="dimmed" mb="md">
          {report.data.attempts} finished attempts; groups of {report.data.groupSize} for discrimination.
          {report.data.attempts < 10 ? ' With so few attempts the figures say little.' : ''}
        </Text>
      ) : null}
      {items.length ? (
        <Box
          mb="xl"
          role="img"
          aria-label={`Share correct per question: ${items.map((i) => `${label(i)} ${pct(i.shareCorrect)}`).join(', ')}`}
        >
          <Group gap={4} align="flex-end" h={140} wrap="nowrap" style={{ overflowX: 'auto' }}>
            {items.map((i) => (
              <Tooltip key={i.questionId} label={`${label(i)}: ${pct(i.shareCorrect)} correct`}>
                <Stack gap={2} align="center" style={{ minWidth: 22 }}>
                  <Box
                    w={18}
                    h={Math.max(2, i.shareCorrect * 110)}
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
      <ScrollArea type="auto">
        <Table striped verticalSpacing="sm" miw={720} aria-label="Questions by difficulty">
          <Table.Thead>
            <Table.Tr>
              {header('order', 'Question')}
              {header('shareCorrect', 'Correct')}
              {header('discrimination', 'Discrimination')}
              <Table.Th>Choices (key marked ✓)</Table.Th>
              {header('flags', 'Flags')}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((i) => (
              <Table.Tr key={i.questionId}>
                <Table.Td maw={320}>
                  <Text fw={600} size="sm">
                    {label(i)}{' '}
                    <Badge size="xs" variant="light">
                      {i.type}
                    </Badge>
                  </Text>
                  <Text size="sm" lineClamp={2}>
                    {i.prompt}
                  </Text>
                </Table.Td>
                <Table.Td>{pct(i.shareCorrect)}</Table.Td>
                <Table.Td>{i.discrimination == null ? '—' : i.discrimination.toFixed(2)}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    {i.choices.map((c) => (
                      <Text key={c.id} size="xs" fw={c.correct ? 700 : 400}>
                        {c.correct ? '✓ ' : ''}
                        {c.label}: {c.count}
                      </Text>
                    ))}
                  </Stack>
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
                        {flagText[f]}
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
      </ScrollArea>
    </>
  );
}
