import { Alert, Code, type MantineSpacing, Text } from '@mantine/core';
import type { PublicAddress } from '#contract/public-address';
import { T, useT, type MessageId } from '../lib/i18n/index.js';

/** The address as a certificate or a slip prints it: without the scheme ("localhost:3000"). */
export const printedHost = (url: string) => url.replace(/^https?:\/\//, '');

/** What is printed with the address, in the words of each page that prints it. */
export type PrintsAddress = 'certificates' | 'slips';

/** The catalogue's words of each page that prints the address (portal.address.*). */
const told = {
  certificates: {
    title: 'portal.address.certificates.title',
    says: 'portal.address.certificates.says',
    before: 'portal.address.certificates.before',
  },
  slips: {
    title: 'portal.address.slips.title',
    says: 'portal.address.slips.says',
    before: 'portal.address.slips.before',
  },
} as const satisfies Record<PrintsAddress, Record<string, MessageId>>;

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
  const t = useT();
  if (!address?.local) return null;
  const words = told[prints];
  return (
    <Alert color="red" variant="light" title={t(words.title)} role="alert" mb={mb}>
      <Text size="sm">
        <T id={words.says} values={{ url: address.url, host: printedHost(address.url) }} components={{ 0: <Code /> }} />
      </Text>
      <Text size="sm" mt="xs">
        <T
          id={words.before}
          values={{ name: 'PUBLIC_URL', example: 'https://olympiad.example.org' }}
          components={{ 0: <Code />, 1: <Code /> }}
        />
      </Text>
    </Alert>
  );
}
