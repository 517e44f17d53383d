import { Alert, Anchor, Badge, Group, List, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { type Blocker, groupBlockers, VerifyResult } from '#contract/olympiads';
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

/** Where a blocker is fixed: a page of the olympiad's admin (from its URL name), or null where none fits. */
export type BlockerLink = (blocker: Blocker) => { to: string; label: string } | null;

/** The usual places to fix each kind: the settings form, the modules, the module's questions, the question to verify. */
export function blockerLinks(olympiadName: string, settings = '#settings'): BlockerLink {
  const admin = `/${olympiadName}/admin`;
  return (b) => {
    switch (b.kind) {
      case 'no_window':
      case 'no_duration':
      case 'window_over':
        return { to: settings, label: 'Set it in the settings' };
      case 'no_modules':
        return { to: `${admin}/edit/question-modules`, label: 'Add a module' };
      case 'module_without_questions':
      case 'question_without_answer':
        return b.moduleId == null
          ? null
          : { to: `${admin}/edit/questions?module=${b.moduleId}`, label: 'Open the module’s questions' };
      case 'question_unverified':
        return {
          to: `${admin}/reports/verify-questions${b.questionId == null ? '' : `#question-${b.questionId}`}`,
          label: 'Verify it',
        };
      case 'translation_missing':
      case 'translation_unverified':
        // A question's translation is written and verified in its editor, a section's in the modules, the
        // instructions' and declaration's in the settings.
        if (b.questionId != null)
          return {
            to: `${admin}/edit/questions?module=${b.moduleId}#question-${b.questionId}`,
            label: 'Open the question',
          };
        if (b.moduleId != null) return { to: `${admin}/edit/question-modules`, label: 'Open the modules' };
        return { to: settings, label: 'Open the settings' };
    }
  };
}

/**
 * Each kind of blocker with what it risks in plain words, and (up to `max`) the blockers themselves, each with a link
 * to where it is fixed when `link` gives one.
 */
export function BlockerGroups<B extends Pick<Blocker, 'kind' | 'message'>>({
  blockers,
  max = 12,
  link,
}: {
  blockers: readonly B[];
  max?: number;
  link?: ((blocker: B) => { to: string; label: string } | null) | undefined;
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
          {g.items.length > 1 || g.items[0]!.message !== g.title || link ? (
            <List size="sm" spacing={2}>
              {g.items.slice(0, max).map((b, i) => {
                const fix = link?.(b);
                return (
                  <List.Item key={i}>
                    {b.message}
                    {fix ? (
                      <>
                        {' · '}
                        <Anchor component={Link} to={fix.to} size="sm">
                          {fix.label}
                        </Anchor>
                      </>
                    ) : null}
                  </List.Item>
                );
              })}
              {g.items.length > max ? <List.Item>…and {g.items.length - max} more</List.Item> : null}
            </List>
          ) : null}
        </div>
      ))}
    </Stack>
  );
}

/** The olympiad check; with `link`, each blocker links to where it is fixed. */
export function OlympiadCheck({ olympiadId, link }: { olympiadId: number; link?: BlockerLink }) {
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
            A blocker is something that would go wrong for learners. The olympiad can open once none is left.
          </Text>
          <BlockerGroups blockers={result.blockers} max={50} link={link} />
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
