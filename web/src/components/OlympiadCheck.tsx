import { Alert, Badge, Group, List, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Blocker, type BlockerKind, blockerRisks, VerifyResult } from '#contract/olympiads';
import { api } from '../lib/api/index.js';
import { formatDate } from '../lib/dates.js';
import { count } from '#contract/numbers';

/** The check's query keys: a write that changes the paper refetches `olympiadCheckKeys.all`. */
export const olympiadCheckKeys = {
  all: ['olympiad', 'verify'] as const,
  one: (olympiadId: number | null) => ['olympiad', 'verify', olympiadId] as const,
};

/** GET /olympiad/verify/{id}: what still blocks opening (shared by settings-and-actions and verify-questions). */
export function useOlympiadCheck(olympiadId: number | null) {
  return useQuery({
    queryKey: olympiadCheckKeys.one(olympiadId),
    queryFn: () => api.get(`/olympiad/verify/${olympiadId}`, { schema: VerifyResult }),
    enabled: olympiadId != null,
  });
}

/** A heading for each kind of blocker, with how many there are. */
const kindTitles: Record<BlockerKind, (n: number) => string> = {
  no_window: () => 'No writing window',
  no_duration: () => 'No writing time',
  window_over: () => 'The writing window is over',
  no_modules: () => 'No question modules',
  module_without_questions: (n) => `${count(n, 'module has', 'modules have')} no questions`,
  question_without_answer: (n) => `${count(n, 'question has', 'questions have')} no correct answer`,
  question_unverified: (n) => `${count(n, 'question is', 'questions are')} not verified`,
};

/** The blockers by kind, in the contract's order: what each kind risks, then its items. */
export function groupBlockers(blockers: ReadonlyArray<Pick<Blocker, 'kind' | 'message'>>) {
  const groups = new Map<BlockerKind, string[]>();
  for (const b of blockers) groups.set(b.kind, [...(groups.get(b.kind) ?? []), b.message]);
  return [...groups].map(([kind, messages]) => ({
    kind,
    title: kindTitles[kind](messages.length),
    risk: blockerRisks[kind],
    messages,
  }));
}

/** Each kind of blocker with what it risks in plain words, and (up to `max`) the items themselves. */
export function BlockerGroups({
  blockers,
  max = 12,
}: {
  blockers: ReadonlyArray<Pick<Blocker, 'kind' | 'message'>>;
  max?: number;
}) {
  return (
    <Stack gap="sm">
      {groupBlockers(blockers).map((g) => (
        <div key={g.kind} data-testid={`blocker-${g.kind}`}>
          <Text fw={600} size="sm">
            {g.title}
          </Text>
          <Text size="sm" mb={4}>
            <strong>Risk:</strong> {g.risk}
          </Text>
          {g.messages.length > 1 || g.messages[0] !== g.title ? (
            <List size="sm" spacing={2}>
              {g.messages.slice(0, max).map((m, i) => (
                <List.Item key={i}>{m}</List.Item>
              ))}
              {g.messages.length > max ? <List.Item>…and {g.messages.length - max} more</List.Item> : null}
            </List>
          ) : null}
        </div>
      ))}
    </Stack>
  );
}

export function OlympiadCheck({ olympiadId }: { olympiadId: number }) {
  const check = useOlympiadCheck(olympiadId);
  if (check.isLoading) return <Loader size="sm" aria-label="Checking" />;
  if (check.error) return <Alert color="red">{check.error.message}</Alert>;
  const result = check.data!;
  const opened = result.openedDespite;
  return (
    <div aria-live="polite" data-testid="verify-check" data-ready={result.ready}>
      <Group gap="sm" mb="sm">
        <Badge size="lg" color={result.ready ? 'teal.9' : 'red.9'} variant="filled">
          {result.ready ? 'Ready to open' : count(result.blockers.length, 'blocker')}
        </Badge>
        <Text size="sm" c="dimmed">
          {result.counts.modules} modules · {result.counts.questions} questions · {result.counts.verified} verified
        </Text>
      </Group>
      {opened ? (
        <Alert color="orange" variant="light" mb="sm" title="Opened although something blocked it">
          Opened on {formatDate(opened.at)}
          {opened.by ? ` by ${opened.by}` : ''} although {count(opened.blockers, 'thing')} blocked it.
          {opened.reason ? ` The reason given: “${opened.reason}”` : ''}
        </Alert>
      ) : null}
      {result.blockers.length > 0 ? (
        <>
          <Text size="sm" mb="xs">
            A blocker is something that can go wrong for learners if the olympiad opens now.
          </Text>
          <BlockerGroups blockers={result.blockers} max={50} />
        </>
      ) : (
        <Text size="sm">Nothing blocks opening.</Text>
      )}
      {result.payment.required && result.payment.blockedSchools.length > 0 ? (
        <Alert color="orange" variant="light" mt="sm" title="Payment before writing is on">
          The learners of {count(result.payment.blockedSchools.length, 'school')} cannot start until the school pays or
          is pre-approved:{' '}
          {result.payment.blockedSchools
            .slice(0, 20)
            .map((s) => `${s.schoolName} (${count(s.learners, 'learner')})`)
            .join(', ')}
          {result.payment.blockedSchools.length > 20 ? ` and ${result.payment.blockedSchools.length - 20} more` : ''}.
        </Alert>
      ) : null}
    </div>
  );
}
