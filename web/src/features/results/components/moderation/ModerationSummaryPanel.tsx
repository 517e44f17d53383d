import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ModerationSummary } from '#contract/moderation';
import { JobProgress, type Phase } from '../../../../components/JobProgress.js';
import { formatDate } from '../../../../lib/dates.js';
import { flagLabels } from './evidence.js';

/** What the computation does in each phase: it reads the attempts, compares pairs, then checks and saves. */
const phases: Record<string, Phase> = {
  loading: { label: 'Reading the answers', of: 'attempts' },
  similarity: { label: 'Comparing answers within each school', of: 'pairs' },
  timing: { label: 'Checking times, addresses and sessions', counted: false },
  saving: { label: 'Saving the flags', counted: false },
};

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
    </Card>
  );
}

/** Counts per flag and decision, when the flags were computed, and the computation's progress. */
export function ModerationSummaryPanel({
  summary,
  onCompute,
  computing,
}: {
  summary: ModerationSummary;
  onCompute: () => void;
  computing: boolean;
}) {
  const job = summary.job;
  const running = job?.status === 'queued' || job?.status === 'running';
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          {summary.flagsComputedAt
            ? `Flags last computed ${formatDate(summary.flagsComputedAt)}, over ${summary.finishedAttempts} finished attempts.`
            : `Flags not computed yet (${summary.finishedAttempts} finished attempts). They are computed by themselves once the window has closed.`}
        </Text>
        {summary.can.moderate ? (
          <Button onClick={onCompute} loading={computing} disabled={running}>
            Compute flags now
          </Button>
        ) : null}
      </Group>
      <JobProgress
        job={job}
        label="Computing the flags"
        phases={phases}
        doneText="The flags are computed"
        failedTitle="The flags could not be computed"
      />
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        <Figure label="Flagged attempts" value={summary.flaggedAttempts} />
        {(Object.keys(flagLabels) as Array<keyof typeof flagLabels>).map((k) => (
          <Figure key={k} label={flagLabels[k]} value={summary.byKind[k] ?? 0} />
        ))}
      </SimpleGrid>
      <Text size="sm" aria-label="Decisions">
        Undecided: <b>{summary.byDecision.undecided ?? 0}</b> · Cleared: <b>{summary.byDecision.cleared ?? 0}</b> ·
        Adjusted: <b>{summary.byDecision.adjusted ?? 0}</b> · Disqualified:{' '}
        <b>{summary.byDecision.disqualified ?? 0}</b> · Reset: <b>{summary.byDecision.reset ?? 0}</b>
      </Text>
    </Stack>
  );
}
