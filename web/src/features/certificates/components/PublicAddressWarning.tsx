import { Alert, Code, Text } from '@mantine/core';
import type { CertificatePublicAddress } from '#contract/certificates';

/** The address as a certificate prints it: without the scheme ("localhost:3000"). */
export const printedHost = (url: string) => url.replace(/^https?:\/\//, '');

/**
 * A plain warning while the server's public address (PUBLIC_URL) is one only its own machine reaches: every
 * certificate would print "verify at localhost:…" and a QR code nobody else can open. The server says whether it is
 * local (the page does not guess from the browser's address, which may be a different name for the same server).
 */
export function PublicAddressWarning({ address }: { address: CertificatePublicAddress | undefined }) {
  if (!address?.local) return null;
  return (
    <Alert color="red" variant="light" title="Certificates would point to this computer only" role="alert">
      <Text size="sm">
        The server’s public address is <Code>{address.url}</Code>, so every certificate says “verify at{' '}
        {printedHost(address.url)}” and its QR code leads there. Nobody else can open that address, so schools and
        parents cannot check a certificate.
      </Text>
      <Text size="sm" mt="xs">
        Before you generate or send certificates, ask whoever runs the server to set <Code>PUBLIC_URL</Code> to the
        address people use (for example <Code>https://olympiad.example.org</Code>) and restart it. Certificates made
        before that must be generated again.
      </Text>
    </Alert>
  );
}
