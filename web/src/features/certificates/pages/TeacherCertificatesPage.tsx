import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { CertificateListItem } from '#contract/certificates';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { formatDate } from '../../../lib/dates.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useDownloadCertificate } from '../api/download-certificate.js';
import { useDownloadResults } from '../api/download-results.js';
import { useDownloadSchoolCertificates } from '../api/download-school-certificates.js';
import { useSchoolCertificates } from '../api/get-school-certificates.js';
import { printedCode } from '../components/printed-code.js';
import { count as plural } from '#contract/numbers';
import { unitWords } from '#contract/units';

/**
 * /portal/{o}/certificates: before the results are published, when they come; after, the school's certificates as
 * one print-ready PDF, each learner's award and certificate, and the school's results as a spreadsheet.
 */
export function TeacherCertificatesPage() {
  const { olympiad, olympiadName } = useRouteOlympiad();
  const words = unitWords(olympiad?.kind);
  const list = useListParams('learnerName');
  const school = useSchoolCertificates({ ...list.params, olympiadId: olympiad?.id });
  const one = useDownloadCertificate();
  const all = useDownloadSchoolCertificates();
  const results = useDownloadResults();
  const data = school.data;
  const [now] = useState(() => Date.now());
  const closed = olympiad?.endsAt && new Date(olympiad.endsAt).getTime() < now;
  const schoolName = data?.certificates[0]?.schoolName ?? words.unit;
  const participantId = data?.schoolParticipantId ?? null;
  const columns: Column<CertificateListItem>[] = [
    {
      key: 'learnerName',
      label: 'Learner',
      sortable: true,
      render: (c) => (
        <>
          <Text size="sm" fw={600}>
            {c.learnerName}
          </Text>
          <Text size="xs" c="dimmed">
            {c.grade != null ? `Grade ${c.grade} · ` : ''}
            <span translate="no">{printedCode(c.code)}</span>
          </Text>
        </>
      ),
    },
    {
      key: 'kind',
      label: 'Award',
      sortable: true,
      render: (c) => (
        <Text size="sm" fw={600}>
          {c.awardLabel}
        </Text>
      ),
    },
    {
      key: 'actions',
      label: 'Download',
      render: (c) => (
        <Button
          size="compact-sm"
          variant="subtle"
          loading={one.isPending && one.variables?.id === c.id}
          onClick={() => one.mutate({ id: c.id, learnerName: c.learnerName })}
          aria-label={`PDF, certificate of ${c.learnerName}`}
        >
          PDF
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Certificates"
        description={`Your ${words.members}’ certificates and results, once the organisers publish them.`}
      />
      {school.isLoading || !olympiad ? <Skeleton height={200} radius="md" /> : null}
      {school.error ? (
        <Alert color="red" title="Could not get your certificates">
          {school.error.message}
        </Alert>
      ) : null}
      {data && !data.published ? (
        <Alert color="blue" title="The results are not out yet">
          {olympiad?.endsAt
            ? closed
              ? `Writing closed on ${formatDate(olympiad.endsAt, 'longDate')}. `
              : `Writing closes on ${formatDate(olympiad.endsAt, 'longDate')}. `
            : ''}
          The organisers check the attempts and then publish the results; your learners’ awards and certificates appear
          here on that day, and you get a mail with a link to this page.
        </Alert>
      ) : null}
      {data?.published ? (
        <Stack gap="lg">
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Your {words.unit}’s certificates
              </Title>
              {data.batch ? (
                <Text size="sm">
                  {plural(data.batch.certificates, 'certificate')} in one PDF, ready to print on A4
                  {data.batch.generatedAt ? ` (made ${formatDate(data.batch.generatedAt, 'longDate')})` : ''}.
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  The results are out; the certificates are still being made. Look again later today.
                </Text>
              )}
              <Group gap="sm" wrap="wrap">
                <Button
                  disabled={!data.batch || participantId == null}
                  loading={all.isPending}
                  onClick={() =>
                    participantId != null && all.mutate({ schoolParticipantId: participantId, schoolName })
                  }
                >
                  Download all certificates (PDF)
                </Button>
                <Button
                  variant="default"
                  loading={results.isPending && results.variables?.format === 'xlsx'}
                  onClick={() => results.mutate({ olympiadId: olympiad!.id, format: 'xlsx', name: olympiadName })}
                >
                  Download results (xlsx)
                </Button>
                <Button
                  variant="subtle"
                  loading={results.isPending && results.variables?.format === 'csv'}
                  onClick={() => results.mutate({ olympiadId: olympiad!.id, format: 'csv', name: olympiadName })}
                >
                  Results as CSV
                </Button>
              </Group>
            </Stack>
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              {words.Members}
            </Title>
            <PagedTable
              label={`Your ${words.members}’ certificates`}
              columns={columns}
              rows={data.certificates}
              total={data.total}
              rowKey={(c) => c.id}
              list={list}
              loading={school.isFetching}
              error={school.error}
              searchPlaceholder="Search learners"
              empty="No certificates yet."
              minWidth={0}
            />
          </Card>
        </Stack>
      ) : null}
    </>
  );
}
