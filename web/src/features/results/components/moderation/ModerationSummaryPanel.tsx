import { Alert, Button, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ModerationSummary } from '#contract/moderation';
import { formatDate } from '../../../../lib/dates.js';
import { flagLabels } from './evidence.js';
import { share } from '#contract/numbers';

const phases: Record<string, string> = {
  loading: 'Reading the answers',
  similarity: 'Comparing answers within each school',
  timing: 'Checking times, addresses and sessions',
  saving: 'Saving the flags',
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
  const percent = job ? share(job.done, job.total) : 0;
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
      {running ? (
        <Stack gap={4}>
          <Text size="sm" id="moderation-progress-label">
            {job.status === 'queued' ? 'Waiting to start…' : `${phases[job.phase ?? ''] ?? 'Working'}: ${percent} %`}
          </Text>
          <Progress
            value={job.status === 'queued' ? 0 : percent}
            animated
            aria-labelledby="moderation-progress-label"
          />
        </Stack>
      ) : null}
      {job?.status === 'failed' ? (
        <Alert color="red" title="The last computation failed">
          {job.error}
        </Alert>
      ) : null}
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
