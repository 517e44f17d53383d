import { Alert, Badge, Group, Modal, ScrollArea, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PairAnswer } from '#contract/moderation';
import { useModerationPair } from '../../api/moderation-pair.js';
import { chanceInWords, shortName } from './evidence.js';
import { SyncedLateBadge } from '../../../../components/reports/SyncedLateBadge.js';

type Cell = PairAnswer['questions'][number]['a'];

function Answer({ cell }: { cell: Cell }) {
  if (cell.right == null)
    return (
      <Text size="sm" c="dimmed">
        No answer
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        <Text span c={cell.partial ? 'orange.9' : cell.right ? 'teal.9' : 'red.9'} fw={700} aria-hidden="true">
          {cell.partial ? '◐ ' : cell.right ? '✓ ' : '✗ '}
        </Text>
        {cell.text}
        <VisuallyHidden>{cell.partial ? ' (partly right)' : cell.right ? ' (right)' : ' (wrong)'}</VisuallyHidden>
      </Text>
      <Text size="xs" c="dimmed">
        chosen by {Math.round(cell.share * 100)} %
      </Text>
      {cell.syncedLate ? (
        <Group>
          <SyncedLateBadge />
        </Group>
      ) : null}
    </Stack>
  );
}

/** Two learners' papers side by side: each answer, the key, how popular each answer was; identical wrong answers marked. */
export function PairView({
  attemptA,
  attemptB,
  onClose,
}: {
  attemptA: number | null;
  attemptB: number | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const pair = useModerationPair(attemptA, attemptB);
  const d = pair.data;
  const title = d ? `${d.a.learnerName} and ${d.b.learnerName}` : 'Compare answers';
  return (
    <Modal opened={attemptA != null} onClose={onClose} title={title} size="90rem" fullScreen={phone}>
      {pair.error ? (
        <Alert color="red" title="Could not load the two papers">
          {pair.error.message}
        </Alert>
      ) : !d ? (
        <Skeleton height={300} />
      ) : (
        <Stack>
          <Text size="sm">
            {d.a.school ?? 'No school'} · {d.a.learnerName}: {d.a.score ?? '—'} of {d.a.maxScore ?? '—'} ·{' '}
            {d.b.learnerName}: {d.b.score ?? '—'} of {d.b.maxScore ?? '—'}
          </Text>
          {d.similarity ? (
            <Alert color="orange" title={`${d.similarity.evidence.sharedWrong} identical wrong answers`}>
              Of the {d.similarity.evidence.bothWrong} questions both got wrong, learners answering on their own would
              give the same wrong answer on about {d.similarity.evidence.expected.toFixed(1)}: this match is{' '}
              {chanceInWords(d.similarity.evidence.probability)}.
            </Alert>
          ) : null}
          <ScrollArea type="auto">
            <Table
              verticalSpacing="xs"
              miw={phone ? undefined : 760}
              layout={phone ? 'fixed' : undefined}
              aria-label="The two papers side by side"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w={phone ? 68 : 76}>
                    #
                  </Table.Th>
                  <Table.Th scope="col">Question and right answer</Table.Th>
                  <Table.Th scope="col">{shortName(d.a.learnerName)}</Table.Th>
                  <Table.Th scope="col">{shortName(d.b.learnerName)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.questions.map((q) => {
                  const sameWrong = q.same && q.a.right === false;
                  return (
                    <Table.Tr key={q.questionId} bg={sameWrong ? 'yellow.1' : undefined}>
                      <Table.Td>
                        <Group gap={4} wrap="wrap">
                          <Text size="sm">{q.number}</Text>
                          {sameWrong ? (
                            <Badge color="dark.7" size="xs" variant="filled" px={4}>
                              same
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size={phone ? 'xs' : 'sm'}>{q.prompt}</Text>
                        <Text size="xs" c="dimmed">
                          Right: {q.correct || '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Answer cell={q.a} />
                      </Table.Td>
                      <Table.Td>
                        <Answer cell={q.b} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Stack>
      )}
    </Modal>
  );
}
