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
import { figure } from '#contract/numbers';
import { useT } from '../../../lib/i18n/index.js';

/**
 * /portal/{o}/certificates: before the results are published, when they come; after, the school's certificates as
 * one print-ready PDF, each learner's award and certificate, and the school's results as a spreadsheet.
 */
export function TeacherCertificatesPage() {
  const t = useT();
  const { olympiad, olympiadName } = useRouteOlympiad();
  const team = olympiad?.kind === 'country' ? 'yes' : 'no';
  const list = useListParams('learnerName');
  const school = useSchoolCertificates({ ...list.params, olympiadId: olympiad?.id });
  const one = useDownloadCertificate();
  const all = useDownloadSchoolCertificates();
  const results = useDownloadResults();
  const data = school.data;
  const [now] = useState(() => Date.now());
  const closed = olympiad?.endsAt && new Date(olympiad.endsAt).getTime() < now;
  const schoolName = data?.certificates[0]?.schoolName ?? (team === 'yes' ? 'team' : 'school');
  const participantId = data?.schoolParticipantId ?? null;
  const columns: Column<CertificateListItem>[] = [
    {
      key: 'learnerName',
      label: t('portal.cert.col.learner'),
      sortable: true,
      render: (c) => (
        <>
          <Text size="sm" fw={600}>
            {c.learnerName}
          </Text>
          <Text size="xs" c="dimmed">
            {c.grade != null ? `${t('portal.cert.grade', { grade: c.grade })} ` : ''}
            <span translate="no">{printedCode(c.code)}</span>
          </Text>
        </>
      ),
    },
    {
      key: 'kind',
      label: t('portal.cert.col.award'),
      sortable: true,
      render: (c) => (
        <Text size="sm" fw={600}>
          {c.awardLabel}
        </Text>
      ),
    },
    {
      key: 'actions',
      label: t('portal.cert.col.download'),
      render: (c) => (
        <Button
          size="compact-sm"
          variant="subtle"
          loading={one.isPending && one.variables?.id === c.id}
          onClick={() => one.mutate({ id: c.id, learnerName: c.learnerName })}
          aria-label={t('portal.cert.pdfOf', { name: c.learnerName })}
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
        title={t('portal.cert.title')}
        description={t('portal.cert.description', { team })}
      />
      {school.isLoading || !olympiad ? <Skeleton height={200} radius="md" /> : null}
      {school.error ? (
        <Alert color="red" title={t('portal.cert.failed')}>
          {school.error.message}
        </Alert>
      ) : null}
      {data && !data.published ? (
        <Alert color="blue" title={t('portal.cert.notOut')}>
          {olympiad?.endsAt
            ? `${t(closed ? 'portal.cert.closedOn' : 'portal.cert.closesOn', { day: formatDate(olympiad.endsAt, 'longDate') })} `
            : ''}
          {t('portal.cert.notOutBody')}
        </Alert>
      ) : null}
      {data?.published ? (
        <Stack gap="lg">
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('portal.cert.yours', { team })}
              </Title>
              {data.batch ? (
                <Text size="sm">
                  {data.batch.generatedAt
                    ? t('portal.cert.batchMade', {
                        count: data.batch.certificates,
                        n: figure(data.batch.certificates),
                        day: formatDate(data.batch.generatedAt, 'longDate'),
                      })
                    : t('portal.cert.batch', { count: data.batch.certificates, n: figure(data.batch.certificates) })}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('portal.cert.beingMade')}
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
                  {t('portal.cert.downloadAll')}
                </Button>
                <Button
                  variant="default"
                  loading={results.isPending && results.variables?.format === 'xlsx'}
                  onClick={() => results.mutate({ olympiadId: olympiad!.id, format: 'xlsx', name: olympiadName })}
                >
                  {t('portal.cert.downloadResults')}
                </Button>
                <Button
                  variant="subtle"
                  loading={results.isPending && results.variables?.format === 'csv'}
                  onClick={() => results.mutate({ olympiadId: olympiad!.id, format: 'csv', name: olympiadName })}
                >
                  {t('portal.cert.resultsCsv')}
                </Button>
              </Group>
            </Stack>
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t('portal.cert.members', { team })}
            </Title>
            <PagedTable
              label={t('portal.cert.table', { team })}
              columns={columns}
              rows={data.certificates}
              total={data.total}
              rowKey={(c) => c.id}
              list={list}
              loading={school.isFetching}
              error={school.error}
              searchPlaceholder={t('portal.cert.search')}
              empty={t('portal.cert.empty')}
              minWidth={0}
            />
          </Card>
        </Stack>
      ) : null}
    </>
  );
}
