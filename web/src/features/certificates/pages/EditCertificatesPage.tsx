import { Alert, Box, Skeleton } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useCertificateConfig } from '../api/get-config.js';
import { CertificateDesigner } from '../components/designer/CertificateDesigner.js';
import { PublicAddressWarning } from '../../../components/PublicAddressWarning.js';

/** /{o}/admin/results/edit-certificates: the certificate designer. */
export function EditCertificatesPage() {
  const { olympiad } = useRouteOlympiad();
  const config = useCertificateConfig(olympiad?.id);
  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Edit certificates"
        description="Design the certificate each learner gets: the background, and where the name, award, school, date, signature and verification code go."
      />
      {config.isLoading || !olympiad ? <Skeleton height={420} radius="md" /> : null}
      {config.error ? (
        <Alert color="red" title="Could not get the certificate design">
          {config.error.message}
        </Alert>
      ) : null}
      {config.data ? (
        <Box mb="lg">
          <PublicAddressWarning address={config.data.publicAddress} />
        </Box>
      ) : null}
      {config.data && olympiad ? (
        <CertificateDesigner
          key={olympiad.id}
          olympiadId={olympiad.id}
          olympiadTitle={olympiad.title}
          config={config.data.config}
          kinds={config.data.kinds}
          updatedAt={config.data.updatedAt ?? null}
          publicUrl={config.data.publicAddress.url}
        />
      ) : null}
    </>
  );
}
