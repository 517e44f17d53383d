import { Anchor, Button, Group, Modal, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OlympiadRecord } from '#contract/olympiads';
import { PageHeader } from '../../../components/PageHeader.js';
import { useOlympiads } from '../api/list-olympiads.js';
import { formatDate } from '../../../lib/dates.js';
import { money } from '#contract/numbers';
import { GrantsPanel } from '../components/GrantsPanel.js';
import { OlympiadForm } from '../components/OlympiadForm.js';
import { OpenBadge, OpenPinActions } from '../components/OpenPinActions.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { VerifyPanel } from '../components/VerifyPanel.js';
import { unitWords } from '#contract/units';

/** /overlord/edit/olympiads */
export function OlympiadsPage() {
  const list = useListParams('year');
  const olympiads = useOlympiads(list.params);
  const [editing, setEditing] = useState<OlympiadRecord | 'new' | null>(null);

  const columns: Column<OlympiadRecord>[] = [
    {
      key: 'title',
      label: 'Olympiad',
      sortable: true,
      render: (o) => (
        <>
          <Anchor component={Link} to={`/${o.varName}/admin/reports/overview`} fw={500}>
            {o.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {o.varName} · {unitWords(o.kind).entrants}
          </Text>
        </>
      ),
    },
    { key: 'projectName', label: 'Project', sortable: true, render: (o) => o.projectName },
    { key: 'year', label: 'Year', sortable: true, render: (o) => o.year },
    {
      key: 'startsAt',
      label: 'Window',
      sortable: true,
      render: (o) => (
        <Text size="sm">
          {formatDate(o.startsAt)} – {formatDate(o.endsAt)}
          <Text span size="xs" c="dimmed" display="block">
            {o.durationMinutes ? `${o.durationMinutes} min` : 'no duration'} · {money(o.feeCents, o.currency)} a learner
          </Text>
        </Text>
      ),
    },
    { key: 'status', label: 'Status', render: (o) => <OpenBadge olympiad={o} /> },
    {
      key: 'actions',
      label: 'Actions',
      render: (o) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setEditing(o)} aria-label={`Edit ${o.varName}`}>
            Edit
          </Button>
          <OpenPinActions olympiad={o} compact />
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Olympiads"
        description="Create olympiads, set their writing window, duration and fee, and grant their admins."
        actions={<Button onClick={() => setEditing('new')}>New olympiad</Button>}
      />
      <PagedTable
        label="Olympiads"
        columns={columns}
        rows={olympiads.data?.items}
        total={olympiads.data?.total ?? 0}
        rowKey={(o) => o.id}
        list={list}
        loading={olympiads.isFetching}
        error={olympiads.error}
        searchPlaceholder="Search by name, title or project"
        empty="No olympiads match."
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New olympiad' : editing?.title}
        size="xl"
      >
        {editing === 'new' ? <OlympiadForm olympiad={null} mode="all" onDone={() => setEditing(null)} /> : null}
        {editing !== null && editing !== 'new' ? (
          <Tabs defaultValue="details">
            <Tabs.List mb="md">
              <Tabs.Tab value="details">Details</Tabs.Tab>
              <Tabs.Tab value="grants">Admins and staff</Tabs.Tab>
              <Tabs.Tab value="check">Check</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="details">
              <OlympiadForm olympiad={editing} mode="all" onDone={() => setEditing(null)} />
            </Tabs.Panel>
            <Tabs.Panel value="grants">
              <GrantsPanel olympiadId={editing.id} />
            </Tabs.Panel>
            <Tabs.Panel value="check">
              <VerifyPanel olympiadId={editing.id} />
            </Tabs.Panel>
          </Tabs>
        ) : null}
      </Modal>
    </>
  );
}
