import { Alert, Anchor, Badge, Button, CloseButton, Group, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CertificateListItem } from '#contract/certificates';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { formatDate } from '../../../lib/dates.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useDownloadCertificate } from '../api/download-certificate.js';
import { useDownloadSchoolCertificates } from '../api/download-school-certificates.js';
import { useCertificateList } from '../api/list-certificates.js';
import { printedCode } from '../components/printed-code.js';
import { unitWords } from '#contract/units';

/**
 * /{o}/admin/results/browse-certificates: every generated certificate, searched by learner or school, filtered by
 * kind or one school; one certificate or a school's whole batch downloaded as PDF.
 */
export function BrowseCertificatesPage() {
  const { olympiad, olympiadName } = useRouteOlympiad();
  const list = useListParams('learnerName');
  const [kind, setKind] = useState<string | null>(null);
  const [school, setSchool] = useState<{ id: number; name: string } | null>(null);
  const certificates = useCertificateList({
    ...list.params,
    olympiadId: olympiad?.id,
    kind: kind ?? undefined,
    schoolParticipantId: school?.id,
  });
  const one = useDownloadCertificate();
  const batch = useDownloadSchoolCertificates();
  const phone = useMediaQuery('(max-width: 40em)');
  const kinds = certificates.data?.kinds ?? [];
  const w = unitWords(olympiad?.kind);

  const columns: Column<CertificateListItem>[] = [
    {
      key: 'learnerName',
      label: 'Learner',
      sortable: true,
      render: (c) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {c.learnerName}
            {c.revoked ? (
              <Badge ml="xs" color="red" variant="light" size="sm">
                Revoked
              </Badge>
            ) : null}
          </Text>
          <Text size="xs" c="dimmed">
            {c.grade != null ? `Grade ${c.grade}` : null}
            {phone ? ` · ${c.schoolName}` : null}
          </Text>
          {phone ? (
            <Text size="sm" fw={600}>
              {c.awardLabel}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'schoolName',
      label: w.Unit,
      sortable: true,
      render: (c) =>
        c.schoolParticipantId == null ? (
          <Text size="sm">{c.schoolName}</Text>
        ) : (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              if (c.schoolParticipantId != null) setSchool({ id: c.schoolParticipantId, name: c.schoolName });
              list.setPage(1);
            }}
            aria-label={`${c.schoolName}, show only this school`}
          >
            {c.schoolName}
          </Anchor>
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
      key: 'code',
      label: 'Code',
      render: (c) => (
        <Anchor component={Link} to={`/verify/${encodeURIComponent(c.code)}`} target="_blank" ff="monospace" size="sm">
          {printedCode(c.code)}
        </Anchor>
      ),
    },
    {
      key: 'generatedAt',
      label: 'Made',
      sortable: true,
      render: (c) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(c.generatedAt, 'date')}
        </Text>
      ),
    },
    {
      key: 'actions',
      label: 'Download',
      render: (c) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            loading={one.isPending && one.variables?.id === c.id}
            onClick={() => one.mutate({ id: c.id, learnerName: c.learnerName })}
            aria-label={`PDF, certificate of ${c.learnerName}`}
          >
            PDF
          </Button>
          {phone || c.schoolParticipantId == null ? null : (
            <Button
              size="compact-sm"
              variant="subtle"
              loading={batch.isPending && batch.variables?.schoolParticipantId === c.schoolParticipantId}
              onClick={() =>
                c.schoolParticipantId != null &&
                batch.mutate({ schoolParticipantId: c.schoolParticipantId, schoolName: c.schoolName })
              }
              aria-label={`${w.Unit} PDF, every certificate of ${c.schoolName}`}
            >
              {w.Unit} PDF
            </Button>
          )}
        </Group>
      ),
    },
  ];
  const shown = phone ? columns.filter((c) => ['learnerName', 'actions'].includes(c.key)) : columns;

  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Browse certificates"
        description={`Find a learner’s or a ${w.unit}’s certificates, check a code, and download them as PDF.`}
      />
      <Stack gap="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            label="Kind"
            placeholder="Every kind"
            data={kinds.map((k) => ({ value: k.key, label: `${k.label} (${k.count})` }))}
            value={kind}
            onChange={(value) => {
              setKind(value);
              list.setPage(1);
            }}
            clearable
            w={{ base: '100%', xs: 240 }}
          />
          {school ? (
            <Group gap="xs" wrap="nowrap">
              <Badge size="lg" variant="outline" tt="none">
                {school.name}
              </Badge>
              <CloseButton
                aria-label={`Show every ${w.unit}, not only ${school.name}`}
                onClick={() => {
                  setSchool(null);
                  list.setPage(1);
                }}
              />
              <Button
                size="xs"
                variant="light"
                loading={batch.isPending}
                onClick={() => batch.mutate({ schoolParticipantId: school.id, schoolName: school.name })}
              >
                Download the {w.unit}’s certificates
              </Button>
            </Group>
          ) : null}
        </Group>
        {certificates.data && certificates.data.total === 0 && !list.params.search && !kind && !school ? (
          <Alert color="blue" title="No certificates yet">
            Certificates are made once the results are published.{' '}
            <Anchor component={Link} to={`/${olympiadName}/admin/results/generate-and-send-certificates`}>
              Generate them
            </Anchor>
            .
          </Alert>
        ) : null}
        <PagedTable
          label="Certificates"
          columns={shown}
          rows={certificates.data?.items}
          total={certificates.data?.total ?? 0}
          rowKey={(c) => c.id}
          list={list}
          loading={certificates.isFetching}
          error={certificates.error}
          searchPlaceholder={`Search by learner or ${w.unit}`}
          empty="No certificates match."
          minWidth={phone ? 0 : 760}
        />
      </Stack>
    </>
  );
}
