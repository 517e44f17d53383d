import { Alert, Button, Card, Group, Loader, Stack, Table, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../lib/api/index.js';
import { formatDate } from '../../../lib/dates.js';
import { useT } from '../../../lib/i18n/index.js';
import { useCertificateCheck } from '../api/check-certificate.js';
import { printedCode } from '../components/printed-code.js';

/**
 * /verify/{code}, no sign-in: the page a certificate's QR code and printed code lead to. It says whether the
 * certificate is genuine and what it certifies, or that the code is unknown or the certificate withdrawn.
 */
export function VerifyCertificatePage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const t = useT();
  const [other, setOther] = useState('');
  const check = useCertificateCheck(code.trim());
  const c = check.data;
  const unknown = isApiError(check.error) && check.error.status === 404;
  const genuine = !!c && c.valid && !c.revoked;

  return (
    <Stack gap="lg" py="xl" maw={680} mx="auto">
      <Stack gap={4}>
        <Text size="sm" fw={600} c="olympus.7" tt="uppercase" lts={0.6}>
          {t('public.verify.eyebrow')}
        </Text>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {check.isLoading
            ? t('public.verify.checking')
            : genuine
              ? t('public.verify.genuine')
              : c?.revoked
                ? t('public.verify.withdrawn')
                : unknown
                  ? t('public.verify.unknown')
                  : c
                    ? t('public.verify.invalid')
                    : t('public.verify.failed')}
        </Title>
        <Text c="dimmed">
          {t('public.verify.code')}{' '}
          <Text span ff="monospace" fw={600} c="dark">
            {c ? printedCode(c.code) : code}
          </Text>
        </Text>
      </Stack>
      {check.isLoading ? <Loader aria-label={t('public.verify.checkingShort')} /> : null}
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
                  ? t('public.verify.certifies')
                  : c.revoked
                    ? t('public.verify.withdrawnFor')
                    : t('public.verify.invalidFor')}
              </Text>
            </Group>
            <Table withRowBorders={false} verticalSpacing={4} aria-label={t('public.verify.table')}>
              <Table.Tbody>
                {(
                  [
                    // A forgotten learner's certificate stands without a name (decision 108).
                    ['learner', c.anonymised ? t('public.verify.anonymised') : c.learnerName],
                    ['school', c.schoolName],
                    ['grade', c.grade != null ? String(c.grade) : '—'],
                    ['olympiad', c.olympiadName],
                    ['award', c.awardLabel],
                    ['issued', formatDate(c.issuedAt, 'longDate')],
                  ] as const
                ).map(([field, value]) => (
                  <Table.Tr key={field}>
                    <Table.Th w={96} fw={500} c="dimmed" style={{ verticalAlign: 'top' }}>
                      {t(`public.verify.field.${field}`)}
                    </Table.Th>
                    <Table.Td fw={field === 'learner' || field === 'award' ? 700 : 400}>{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Card>
      ) : null}
      {unknown ? (
        <Alert color="red" title={t('public.verify.unknownTitle')}>
          {t('public.verify.unknownBody')}
        </Alert>
      ) : check.error && !unknown ? (
        <Alert color="orange" title={t('public.verify.retry')}>
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
            label={t('public.verify.another')}
            placeholder={t('public.verify.example')}
            value={other}
            onChange={(e) => setOther(e.currentTarget.value)}
            maxLength={40}
            autoCapitalize="characters"
            spellCheck={false}
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" variant="light" disabled={!other.trim()}>
            {t('public.verify.check')}
          </Button>
        </Group>
      </form>
      <Group>
        <Button component={Link} to="/" variant="default">
          {t('public.verify.home')}
        </Button>
      </Group>
    </Stack>
  );
}
