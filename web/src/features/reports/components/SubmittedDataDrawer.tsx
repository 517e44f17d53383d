import { Alert, Badge, Drawer, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { htmlText } from '#contract/content';
import { score } from '#contract/numbers';
import { AnswerKey } from '#contract/questions';
import { creditInWords, creditOf } from '#contract/scoring';
import { useSubmittedData } from '../api/get-submitted-data.js';
import { formatDate } from '../../../lib/dates.js';
import { SyncedLateBadge } from '../../../components/reports/SyncedLateBadge.js';
import { AnswerWords, KeyWords, type SaidQuestion } from './answer-words.js';

interface SubmittedDataDrawerProps {
  learnerId: number | null;
  onClose: () => void;
}

const when = (iso: string | null) => formatDate(iso, 'dateTimeSeconds');

/** A key's partial credit in words, beneath the key (nothing for a key marked all or nothing). */
function CreditText({ answerKey, q }: { answerKey: unknown; q: SaidQuestion }) {
  const key = AnswerKey.safeParse(answerKey);
  const words = key.success ? creditInWords(key.data, q.options, q.targets) : null;
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
                  <Table.Td>
                    <AnswerWords value={a.value} answerKey={a.answerKey} q={a} />
                  </Table.Td>
                  <Table.Td>
                    <KeyWords answerKey={a.answerKey} q={a} />
                    <CreditText answerKey={a.answerKey} q={a} />
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
                    {a.syncedLate ? (
                      <>
                        <Text size="xs" c="dimmed">
                          Given {when(a.givenAt)}
                        </Text>
                        <SyncedLateBadge />
                      </>
                    ) : null}
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
