import { Badge, Button, Drawer, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { SchoolParticipant } from '#contract/schools';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useDeleteParticipant } from '../api/delete-participant.js';
import { useEnterSchool } from '../api/enter-school.js';
import { useParticipantLearners } from '../api/list-participant-learners.js';
import { useParticipants } from '../api/list-participants.js';
import { useSetParticipantStatus } from '../api/set-participant-status.js';
import { SchoolPicker } from '../components/SchoolPicker.js';

export const statusLabel: Record<SchoolParticipant['status'], string> = {
  entered: 'Entered',
  learners_loaded: 'Learners loaded',
  withdrawn: 'Withdrawn',
};
const statusColor = { entered: 'yellow', learners_loaded: 'green', withdrawn: 'gray' } as const;

/** /{o}/admin/edit/participating-schools (and the finance/funding aliases). */
export function ParticipantsPage() {
  const { olympiad } = useRouteOlympiad();
  const list = useListParams('schoolName');
  const [status, setStatus] = useState<string | null>(null);
  const participants = useParticipants(
    { ...list.params, olympiadId: olympiad?.id, status: status ?? undefined },
    olympiad != null,
  );
  // The server says who may enter schools and change entries (schools/policy.ts); the page derives no role rule.
  const mayEnter = participants.data?.can.enter ?? false;
  const [adding, setAdding] = useState(false);
  const [schoolId, setSchoolId] = useState<number | null>(null);
  const [viewing, setViewing] = useState<SchoolParticipant | null>(null);
  const enter = useEnterSchool();
  const setStatusOf = useSetParticipantStatus();
  const remove = useDeleteParticipant();

  const columns: Column<SchoolParticipant>[] = [
    {
      key: 'schoolName',
      label: 'School',
      sortable: true,
      render: (p) => (
        <Text fw={600} size="sm">
          {p.schoolName}
        </Text>
      ),
    },
    { key: 'town', label: 'Town', render: (p) => p.town ?? '—' },
    { key: 'learnerCount', label: 'Learners', sortable: true, render: (p) => p.learnerCount },
    {
      key: 'status',
      label: 'Status',
      sortable: true,
      render: (p) => (
        <Badge color={statusColor[p.status]} variant="light" tt="none">
          {statusLabel[p.status]}
        </Badge>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (p) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setViewing(p)} aria-label={`Learners of ${p.schoolName}`}>
            Learners
          </Button>
          {p.can.update ? (
            <Button
              size="xs"
              variant="subtle"
              aria-label={`${p.status === 'withdrawn' ? 'Re-enter' : 'Withdraw'} ${p.schoolName}`}
              onClick={() =>
                setStatusOf.mutate({
                  id: p.id,
                  status: p.status === 'withdrawn' ? (p.learnerCount ? 'learners_loaded' : 'entered') : 'withdrawn',
                })
              }
            >
              {p.status === 'withdrawn' ? 'Re-enter' : 'Withdraw'}
            </Button>
          ) : null}
          {p.can.delete ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={p.learnerCount > 0}
              aria-label={`Remove ${p.schoolName} from the olympiad`}
              onClick={() => remove.mutate(p.id)}
            >
              Remove
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Participating schools"
        description="The schools entered in this olympiad, with their learners and status."
        actions={mayEnter ? <Button onClick={() => setAdding(true)}>Enter a school</Button> : null}
      />
      <Group mb="sm">
        <Select
          label="Status"
          placeholder="Every status"
          clearable
          value={status}
          onChange={(v) => {
            setStatus(v);
            list.setPage(1);
          }}
          data={Object.entries(statusLabel).map(([value, label]) => ({ value, label }))}
          w={260}
        />
      </Group>
      <PagedTable
        label="Participating schools"
        columns={columns}
        rows={participants.data?.items}
        total={participants.data?.total ?? 0}
        rowKey={(p) => p.id}
        list={list}
        loading={participants.isFetching}
        error={participants.error}
        searchPlaceholder="Search by school, town or EMIS"
        empty="No schools are entered yet."
      />
      <Modal opened={adding} onClose={() => setAdding(false)} title="Enter a school in this olympiad">
        <Stack>
          <SchoolPicker
            label="School"
            value={schoolId}
            onChange={setSchoolId}
            description="Any school on the platform; new schools come from expressions of interest."
          />
          <Group justify="flex-end">
            <Button
              disabled={!schoolId || !olympiad}
              loading={enter.isPending}
              onClick={() =>
                enter.mutate(
                  { olympiadId: olympiad!.id, schoolId: schoolId! },
                  {
                    onSuccess: () => {
                      setAdding(false);
                      setSchoolId(null);
                    },
                  },
                )
              }
            >
              Enter school
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Drawer
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        position="right"
        size="lg"
        title={viewing ? `Learners of ${viewing.schoolName}` : ''}
      >
        {viewing ? <EntryLearners entry={viewing} /> : null}
      </Drawer>
    </>
  );
}

function EntryLearners({ entry }: { entry: SchoolParticipant }) {
  const list = useListParams('lastName');
  const learners = useParticipantLearners(entry.id, list.params);
  type Row = NonNullable<typeof learners.data>['items'][number];
  const columns: Column<Row>[] = [
    { key: 'lastName', label: 'Surname', sortable: true, render: (l) => l.lastName },
    { key: 'firstName', label: 'First name', sortable: true, render: (l) => l.firstName },
    { key: 'grade', label: 'Grade', sortable: true, render: (l) => l.grade ?? '—' },
    { key: 'username', label: 'Username', sortable: true, render: (l) => <code>{l.username}</code> },
  ];
  return (
    <PagedTable
      label={`Learners of ${entry.schoolName}`}
      columns={columns}
      rows={learners.data?.items}
      total={learners.data?.total ?? 0}
      rowKey={(l) => l.id}
      list={list}
      loading={learners.isFetching}
      error={learners.error}
      searchPlaceholder="Search learners"
      empty="No learners loaded yet."
    />
  );
}
