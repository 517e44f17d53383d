import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { ModeratedAttempt, ModerationDecision } from '#contract/moderation';
import { formatDate } from '../../../../lib/dates.js';
import { browserOf, flagLabels, flagSentence } from './evidence.js';

const decisionColors: Record<ModerationDecision, string> = {
  cleared: 'green.9',
  adjusted: 'blue.9',
  disqualified: 'red.9',
  reset: 'grape.9',
};
const decisionLabels: Record<ModerationDecision, string> = {
  cleared: 'Cleared',
  adjusted: 'Score adjusted',
  disqualified: 'Disqualified',
  reset: 'Reset',
};

/** One moderated attempt: who, the flags in plain words, the decision, and what the admin can do. */
export function ModeratedCard({
  attempt,
  onCompare,
  onDecide,
}: {
  attempt: ModeratedAttempt;
  onCompare: (a: number, b: number) => void;
  onDecide: (attempt: ModeratedAttempt, decision: ModerationDecision) => void;
}) {
  const name = `${attempt.learner.firstName} ${attempt.learner.lastName}`.trim() || attempt.learner.username;
  const d = attempt.decision;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={3} size="h5">
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {attempt.school?.name ?? 'No school'}
              {attempt.grade != null ? ` · Grade ${attempt.grade}` : ''} · {attempt.learner.username} · Score{' '}
              {attempt.score ?? '—'} of {attempt.maxScore ?? '—'}
            </Text>
          </div>
          {d ? (
            <Badge color={decisionColors[d.decision]} variant="filled">
              {decisionLabels[d.decision]}
              {d.decision === 'adjusted' && d.adjustedScore != null ? `: ${d.adjustedScore}` : ''}
            </Badge>
          ) : attempt.flags.length ? (
            <Badge color="orange" variant="light" c="dark.7">
              Undecided
            </Badge>
          ) : null}
        </Group>
        {attempt.flags.length ? (
          <List spacing="xs" size="sm" listStyleType="none" ml={0} pl={0}>
            {attempt.flags.map((flag, i) => (
              <List.Item key={`${flag.kind}-${i}`}>
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Badge variant="outline" color="gray.8" size="sm">
                    {flagLabels[flag.kind]}
                  </Badge>
                  <Text size="sm">{flagSentence(flag)}</Text>
                  {flag.kind === 'concurrent_sessions' ? (
                    <Text size="xs" c="dimmed">
                      {flag.evidence.sessions
                        .map((s) => `${formatDate(s.createdAt, 'time')} ${browserOf(s.userAgent)} from ${s.ip ?? '?'}`)
                        .join(' · ')}
                    </Text>
                  ) : null}
                  {flag.kind === 'similarity' ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      w="fit-content"
                      maw="100%"
                      h="auto"
                      py={4}
                      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                      onClick={() => onCompare(attempt.attemptId, flag.other.attemptId)}
                    >
                      Compare answers with {flag.other.learnerName || flag.other.username}
                    </Button>
                  ) : null}
                </Stack>
              </List.Item>
            ))}
          </List>
        ) : null}
        {d ? (
          <Text size="sm">
            {decisionLabels[d.decision]} by {d.decidedBy ?? 'someone'} on {formatDate(d.decidedAt)}
            {d.reason ? `: “${d.reason}”` : ''}
          </Text>
        ) : null}
        {attempt.can.decide ? (
          <Group gap="xs" wrap="wrap">
            <Button size="xs" variant="default" onClick={() => onDecide(attempt, 'cleared')}>
              Clear
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => onDecide(attempt, 'adjusted')}
              disabled={attempt.maxScore == null}
            >
              Adjust score
            </Button>
            <Button size="xs" variant="default" color="red" onClick={() => onDecide(attempt, 'disqualified')}>
              Disqualify
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red"
              onClick={() => onDecide(attempt, 'reset')}
              disabled={attempt.startedAt == null && attempt.finishedAt == null}
            >
              Reset
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
