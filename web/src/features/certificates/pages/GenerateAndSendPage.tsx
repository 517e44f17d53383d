import { Skeleton, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { jobRunning, useGenerationStatus } from '../api/generate-certificates.js';
import { GenerationCard } from '../components/GenerationCard.js';
import { PublicAddressWarning } from '../../../components/PublicAddressWarning.js';
import { SendingCard } from '../components/SendingCard.js';

/**
 * /{o}/admin/results/generate-and-send-certificates: generate every learner's certificate and each school's PDF
 * (a background job with a progress bar), then mail each school's teacher, with every school's state.
 */
export function GenerateAndSendPage() {
  const { olympiad, olympiadName } = useRouteOlympiad();
  const generation = useGenerationStatus(olympiad?.id);
  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Generate and send certificates"
        description="Make every learner’s certificate from the published results and the saved design, then mail each school’s teacher a link to them."
      />
      {!olympiad ? (
        <Skeleton height={300} radius="md" />
      ) : (
        <Stack gap="lg">
          <PublicAddressWarning address={generation.data?.publicAddress} />
          <GenerationCard
            olympiadId={olympiad.id}
            olympiadName={olympiadName}
            status={generation.data}
            error={generation.error}
          />
          <SendingCard olympiadId={olympiad.id} generating={jobRunning(generation.data?.job)} />
        </Stack>
      )}
    </>
  );
}
