import { Alert, Code, type MantineSpacing, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PublicAddress } from '#contract/public-address';

/** The address as a certificate or a slip prints it: without the scheme ("localhost:3000"). */
export const printedHost = (url: string) => url.replace(/^https?:\/\//, '');

/** What is printed with the address, in the words of each page that prints it. */
export type PrintsAddress = 'certificates' | 'slips';

const told: Record<PrintsAddress, { title: string; says: (host: string) => ReactNode; before: string }> = {
  certificates: {
    title: 'Certificates would point to this computer only',
    says: (host) => (
      <>
        so every certificate says “verify at {host}” and its QR code leads there. Nobody else can open that address, so
        schools and parents cannot check a certificate.
      </>
    ),
    before: 'Before you generate or send certificates',
  },
  slips: {
    title: 'The sign-in slips would point to this computer only',
    says: (host) => (
      <>
        so every sign-in slip tells learners to sign in at {host}. Nobody can open that address from another phone or
        computer, so learners cannot sign in from the slips.
      </>
    ),
    before: 'Before you print sign-in slips',
  },
};

const redo: Record<PrintsAddress, string> = {
  certificates: 'Certificates made before that must be generated again.',
  slips: 'Slips printed before that must be printed again.',
};

/**
 * A plain warning while the server's public address (PUBLIC_URL) is one only its own machine reaches: what the page
 * prints (a certificate's "verify at…" and QR code, a sign-in slip's address) would lead nobody else anywhere. The
 * server says whether it is local (the page does not guess from the browser's address, which may be a different name
 * for the same server).
 */
export function PublicAddressWarning({
  address,
  prints = 'certificates',
  mb,
}: {
  address: PublicAddress | undefined;
  prints?: PrintsAddress;
  mb?: MantineSpacing;
}) {
  if (!address?.local) return null;
  const t = told[prints];
  return (
    <Alert color="red" variant="light" title={t.title} role="alert" mb={mb}>
      <Text size="sm">
        The server’s public address is <Code>{address.url}</Code>, {t.says(printedHost(address.url))}
      </Text>
      <Text size="sm" mt="xs">
        {t.before}, ask whoever runs the server to set <Code>PUBLIC_URL</Code> to the address people use (for example{' '}
        <Code>https://olympiad.example.org</Code>) and restart it. {redo[prints]}
      </Text>
    </Alert>
  );
}
