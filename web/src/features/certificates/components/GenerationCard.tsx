import { Alert, Anchor, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { GenerationStatus } from '#contract/certificates';
import { formatDate } from '../../../lib/dates.js';
import { unitWords } from '#contract/units';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { jobRunning, useGenerateCertificates } from '../api/generate-certificates.js';
import { share } from '#contract/numbers';

const phaseLabels = (unit: string): Record<string, string> => ({
  rows: 'Numbering the certificates',
  certificates: 'Numbering the certificates',
  pdf: `Printing each ${unit}’s PDF`,
  pdfs: `Printing each ${unit}’s PDF`,
  schools: `Printing each ${unit}’s PDF`,
});
const phaseText = (phase: string | null | undefined, unit: string) =>
  phase ? (phaseLabels(unit)[phase] ?? phase) : 'Waiting to start';

/** Generate: whether results are out, the Generate button, and the job's progress bar while it runs. */
export function GenerationCard({
  olympiadId,
  olympiadName,
  status,
  error,
}: {
  olympiadId: number;
  olympiadName: string;
  status: GenerationStatus | undefined;
  error: Error | null;
}) {
  const generate = useGenerateCertificates();
  const w = unitWords(useRouteOlympiad().olympiad?.kind);
  const job = status?.job ?? null;
  const running = jobRunning(job);
  const percent = job && job.total > 0 ? share(job.done, job.total) : running ? 0 : 100;
  const unpublished = status?.published === false;
  const made = (status?.certificates ?? 0) > 0;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            1. Generate
          </Title>
          <Button
            onClick={() => generate.mutate({ olympiadId })}
            loading={generate.isPending}
            disabled={running || unpublished || !status}
          >
            {made ? 'Generate again' : 'Generate certificates'}
          </Button>
        </Group>
        {error ? (
          <Alert color="red" title="Could not get the generation status">
            {error.message}
          </Alert>
        ) : null}
        {unpublished ? (
          <Alert color="yellow" variant="light" title="The results are not published yet">
            Certificates follow the published results.{' '}
            <Anchor component={Link} to={`/${olympiadName}/admin/results/awards`}>
              Publish them on the awards page
            </Anchor>
            , then generate.
          </Alert>
        ) : status?.published ? (
          <Text size="sm" c="teal.9">
            The results are published.
          </Text>
        ) : null}
        <Text size="sm">
          {status
            ? `${status.certificates} certificates; ${status.schools.generated} of ${status.schools.total} ${w.units} have their PDF.`
            : 'Loading…'}{' '}
          Generating again keeps every certificate’s code and prints the current names.
        </Text>
        {job ? (
          <Stack gap={4}>
            <Progress
              value={percent}
              size="lg"
              animated={running}
              color={job.status === 'failed' ? 'red' : running ? 'blue' : 'teal'}
              aria-label="Generation progress"
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {running
                ? `${phaseText(job.phase, w.unit)}: ${job.done} of ${job.total}`
                : job.status === 'failed'
                  ? `Failed${job.error ? `: ${job.error}` : ''}`
                  : `Done: ${job.total} certificates${job.finishedAt ? `, ${formatDate(job.finishedAt)}` : ''}`}
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
