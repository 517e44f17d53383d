import { Alert, Badge, Group, List, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { VerifyResult } from '#contract/olympiads';
import { api } from '../lib/api/index.js';

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

export function OlympiadCheck({ olympiadId }: { olympiadId: number }) {
  const check = useOlympiadCheck(olympiadId);
  if (check.isLoading) return <Loader size="sm" aria-label="Checking" />;
  if (check.error) return <Alert color="red">{check.error.message}</Alert>;
  const result = check.data!;
  return (
    <div aria-live="polite" data-testid="verify-check" data-ready={result.ready}>
      <Group gap="sm" mb="sm">
        <Badge size="lg" color={result.ready ? 'green' : 'red'} variant="filled">
          {result.ready
            ? 'Ready to open'
            : `${result.blockers.length} blocker${result.blockers.length === 1 ? '' : 's'}`}
        </Badge>
        <Text size="sm" c="dimmed">
          {result.counts.modules} modules · {result.counts.questions} questions · {result.counts.verified} verified
        </Text>
      </Group>
      {result.blockers.length > 0 ? (
        <List size="sm" spacing={4}>
          {result.blockers.slice(0, 50).map((b, i) => (
            <List.Item key={i}>{b.message}</List.Item>
          ))}
          {result.blockers.length > 50 ? <List.Item>…and {result.blockers.length - 50} more</List.Item> : null}
        </List>
      ) : (
        <Text size="sm">Nothing blocks opening.</Text>
      )}
      {result.payment.required && result.payment.blockedSchools.length > 0 ? (
        <Alert color="orange" variant="light" mt="sm" title="Payment before writing is on">
          The learners of {result.payment.blockedSchools.length}{' '}
          {result.payment.blockedSchools.length === 1 ? 'school' : 'schools'} cannot start until the school pays or is
          pre-approved:{' '}
          {result.payment.blockedSchools
            .slice(0, 20)
            .map((s) => `${s.schoolName} (${s.learners} ${s.learners === 1 ? 'learner' : 'learners'})`)
            .join(', ')}
          {result.payment.blockedSchools.length > 20 ? ` and ${result.payment.blockedSchools.length - 20} more` : ''}.
        </Alert>
      ) : null}
    </div>
  );
}
