import { Alert, Badge, Drawer, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { htmlText } from '#contract/content';
import { score } from '#contract/numbers';
import { AnswerKey } from '#contract/questions';
import { creditInWords, creditOf } from '#contract/scoring';
import { useSubmittedData } from '../api/get-submitted-data.js';
import { formatDate } from '../../../lib/dates.js';

interface SubmittedDataDrawerProps {
  learnerId: number | null;
  onClose: () => void;
}

const when = (iso: string | null) => formatDate(iso, 'dateTimeSeconds');

type Options = readonly { id: string; text: string }[];

/** An option by its text (the letters a learner saw may have been shuffled; the ids are not what they read). */
const optionText = (options: Options, id: unknown) => options.find((o) => o.id === id)?.text ?? String(id);

/** Shows an answer value in words: the options' text, true/false, the number or the text. */
function answerText(value: unknown, options: Options): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  const v = value as Record<string, unknown>;
  if ('optionId' in v) return v.optionId == null ? '—' : optionText(options, v.optionId);
  if ('optionIds' in v && Array.isArray(v.optionIds))
    return v.optionIds.length ? v.optionIds.map((id) => optionText(options, id)).join('; ') : '—';
  if ('text' in v) return String(v.text) || '—';
  if ('value' in v) return v.value === null ? '—' : String(v.value);
  return JSON.stringify(value);
}

function keyText(key: unknown, options: Options): string {
  if (!key || typeof key !== 'object') return '—';
  const k = key as Record<string, unknown>;
  if ('correct' in k) {
    if (Array.isArray(k.correct)) return k.correct.map((id) => optionText(options, id)).join('; ');
    return typeof k.correct === 'string' ? optionText(options, k.correct) : String(k.correct);
  }
  if ('accepted' in k && Array.isArray(k.accepted)) return k.accepted.join(' / ');
  if ('value' in k) return `${String(k.value)}${k.tolerance ? ` ± ${String(k.tolerance)}` : ''}`;
  return JSON.stringify(key);
}

/** A key's partial credit in words, beneath the key (nothing for a key marked all or nothing). */
function CreditText({ answerKey, options }: { answerKey: unknown; options: Options }) {
  const key = AnswerKey.safeParse(answerKey);
  const words = key.success ? creditInWords(key.data, options) : null;
  return words ? (
    <Text size="xs" c="dimmed">
      {words}
    </Text>
  ) : null;
}

/** The admin's view of what one learner submitted. */
export function SubmittedDataDrawer({ learnerId, onClose }: SubmittedDataDrawerProps) {
  const data = useSubmittedData(learnerId);
  const d = data.data;
  return (
    <Drawer
      opened={learnerId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={d ? `Submitted by ${d.learner.name}` : 'Submitted data'}
    >
      {data.isError ? (
        <Alert color="red" title="Could not load">
          {data.error.message}
        </Alert>
      ) : !d ? (
        <Skeleton height={300} />
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <Text fw={600}>{d.learner.username}</Text>
            {d.learner.schoolName ? <Text c="dimmed">· {d.learner.schoolName}</Text> : null}
          </Group>
          {d.attempt ? (
            <Stack gap={4}>
              <Group gap="xs">
                <Badge variant="light">{d.attempt.status.replace('_', ' ')}</Badge>
                {d.attempt.finishReason ? (
                  <Badge variant="outline">{d.attempt.finishReason.replace('_', ' ')}</Badge>
                ) : null}
                {d.attempt.score !== null ? (
                  <Badge color="green" variant="light">
                    Score {d.attempt.score}
                    {d.attempt.maxScore !== null ? ` / ${d.attempt.maxScore}` : ''}
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm">Started: {when(d.attempt.startedAt)}</Text>
              <Text size="sm">Deadline: {when(d.attempt.deadlineAt)}</Text>
              <Text size="sm">Finished: {when(d.attempt.finishedAt)}</Text>
              <Text size="sm">Address changes: {d.attempt.ipChanges}</Text>
              {d.attempt.feedback ? (
                <Text size="sm">
                  Feedback: {d.attempt.feedback.rating ?? '—'}/5{' '}
                  {d.attempt.feedback.comment ? `“${d.attempt.feedback.comment}”` : ''}
                </Text>
              ) : null}
            </Stack>
          ) : (
            <Text c="dimmed">This learner has not started.</Text>
          )}
          <Table striped verticalSpacing="xs" aria-label="Answers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Question</Table.Th>
                <Table.Th>Answer</Table.Th>
                <Table.Th>Key</Table.Th>
                <Table.Th>Marks</Table.Th>
                <Table.Th>Saved</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.answers.map((a) => (
                <Table.Tr key={a.questionId}>
                  <Table.Td maw={260}>
                    <Text size="sm" lineClamp={2}>
                      {htmlText(a.prompt)}
                    </Text>
                    {a.flagged ? (
                      <Badge size="xs" color="orange" variant="light">
                        flagged
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{answerText(a.value, a.options)}</Table.Td>
                  <Table.Td>
                    {keyText(a.answerKey, a.options)}
                    <CreditText answerKey={a.answerKey} options={a.options} />
                  </Table.Td>
                  <Table.Td>
                    {a.marksAwarded == null ? '—' : score(a.marksAwarded)} / {a.marks}
                    {creditOf(a.marksAwarded, a.marks) === 'partial' ? (
                      <Badge size="xs" color="yellow" variant="light" display="block">
                        partly right
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{when(a.savedAt)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
              {d.answers.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center" py="sm">
                      No answers saved.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Drawer>
  );
}
