import { Alert, Button, Card, Group, Loader, Stack, Table, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../lib/api/index.js';
import { formatDate } from '../../../lib/dates.js';
import { useCertificateCheck } from '../api/check-certificate.js';
import { printedCode } from '../components/printed-code.js';

/**
 * /verify/{code}, no sign-in: the page a certificate's QR code and printed code lead to. It says whether the
 * certificate is genuine and what it certifies, or that the code is unknown or the certificate withdrawn.
 */
export function VerifyCertificatePage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [other, setOther] = useState('');
  const check = useCertificateCheck(code.trim());
  const c = check.data;
  const unknown = isApiError(check.error) && check.error.status === 404;
  const genuine = !!c && c.valid && !c.revoked;

  return (
    <Stack gap="lg" py="xl" maw={680} mx="auto">
      <Stack gap={4}>
        <Text size="sm" fw={600} c="olympus.7" tt="uppercase" lts={0.6}>
          Certificate check
        </Text>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {check.isLoading
            ? 'Checking the certificate…'
            : genuine
              ? 'This certificate is genuine'
              : c?.revoked
                ? 'This certificate was withdrawn'
                : unknown
                  ? 'No certificate has this code'
                  : c
                    ? 'This certificate is not valid'
                    : 'The certificate could not be checked'}
        </Title>
        <Text c="dimmed">
          Code{' '}
          <Text span ff="monospace" fw={600} c="dark">
            {c ? printedCode(c.code) : code}
          </Text>
        </Text>
      </Stack>
      {check.isLoading ? <Loader aria-label="Checking" /> : null}
      {c ? (
        <Card withBorder radius="md" padding="lg" bd={genuine ? '2px solid var(--mantine-color-teal-6)' : undefined}>
          <Stack gap="md">
            <Group gap="md" align="center" wrap="nowrap">
              <ThemeIcon
                size={44}
                radius="xl"
                color={genuine ? 'teal' : 'red'}
                aria-hidden="true"
                style={{ flex: 'none' }}
              >
                <Text fw={700} fz={22} c="white">
                  {genuine ? '✓' : '!'}
                </Text>
              </ThemeIcon>
              <Text>
                {genuine
                  ? 'It was issued by the organisers of the olympiad through Olympus and certifies:'
                  : c.revoked
                    ? 'The organisers withdrew this certificate; it no longer certifies anything. It was issued for:'
                    : 'It does not certify anything. It was issued for:'}
              </Text>
            </Group>
            <Table withRowBorders={false} verticalSpacing={4} aria-label="What the certificate certifies">
              <Table.Tbody>
                {(
                  [
                    ['Learner', c.learnerName],
                    ['School', c.schoolName],
                    ['Grade', c.grade != null ? String(c.grade) : '—'],
                    ['Olympiad', c.olympiadName],
                    ['Award', c.awardLabel],
                    ['Issued', formatDate(c.issuedAt, 'longDate')],
                  ] as const
                ).map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th w={96} fw={500} c="dimmed" style={{ verticalAlign: 'top' }}>
                      {label}
                    </Table.Th>
                    <Table.Td fw={label === 'Learner' || label === 'Award' ? 700 : 400}>{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Card>
      ) : null}
      {unknown ? (
        <Alert color="red" title="Unknown code">
          Check that the code was typed exactly as printed on the certificate. A certificate whose code is not known
          here was not issued through Olympus.
        </Alert>
      ) : check.error && !unknown ? (
        <Alert color="orange" title="Try again in a moment">
          {check.error.message}
        </Alert>
      ) : null}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const next = other.trim();
          if (next) void navigate(`/verify/${encodeURIComponent(next)}`);
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Check another code"
            placeholder="e.g. K7QX-M4PT-9RHW"
            value={other}
            onChange={(e) => setOther(e.currentTarget.value)}
            maxLength={40}
            autoCapitalize="characters"
            spellCheck={false}
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" variant="light" disabled={!other.trim()}>
            Check
          </Button>
        </Group>
      </form>
      <Group>
        <Button component={Link} to="/" variant="default">
          Go to the home page
        </Button>
      </Group>
    </Stack>
  );
}
