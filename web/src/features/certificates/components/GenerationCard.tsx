import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { GenerationStatus } from '#contract/certificates';
import { unitWords } from '#contract/units';
import { JobProgress, type Phase } from '../../../components/JobProgress.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { jobRunning, useGenerateCertificates } from '../api/generate-certificates.js';

/** What the generation job is doing in each phase: the certificate rows, then one PDF per school. */
const phaseLabels = (unit: string): Record<string, Phase> => ({
  certificates: 'Numbering the certificates',
  pdf: { label: `Printing each ${unit}’s PDF`, of: 'certificates' },
});

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
  const job = status ? status.job : undefined;
  const running = jobRunning(job);
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
        <JobProgress
          job={job}
          label="Generation progress"
          phases={phaseLabels(w.unit)}
          doneText="The certificates are generated"
          failedTitle="The certificates could not be generated"
        />
      </Stack>
    </Card>
  );
}
