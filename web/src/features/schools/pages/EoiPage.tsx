import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import type { Eoi } from '#contract/schools';
import { Confirm } from '../../../components/Confirm.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useDeclineEoi } from '../api/decline-eoi.js';
import { useDeleteEoi } from '../api/delete-eoi.js';
import { useEois } from '../api/list-eois.js';
import { usePossibleMatches } from '../api/list-possible-matches.js';
import { useProcessEoi } from '../api/process-eoi.js';
import { formatDate } from '../../../lib/dates.js';

const reasonLabel = {
  emis: 'Same EMIS number',
  name_town: 'Similar name, same town',
  teacher_email: 'Same teacher email',
} as const;
const statusColor = { pending: 'yellow', processed: 'green', declined: 'gray' } as const;

/** /{o}/admin/eoi (aliases /{o}/finance/eoi, /{o}/funding/eoi): expressions of interest. */
export function EoiPage() {
  const { olympiad } = useRouteOlympiad();
  const list = useListParams('createdAt');
  const [status, setStatus] = useState('pending');
  const eois = useEois(
    { ...list.params, olympiadId: olympiad?.id, status: status === 'all' ? undefined : status },
    olympiad != null,
  );
  const [handling, setHandling] = useState<Eoi | null>(null);
  // A delete cannot be undone: it is asked about first, naming the school and its teacher.
  const [removing, setRemoving] = useState<Eoi | null>(null);
  const remove = useDeleteEoi();

  const columns: Column<Eoi>[] = [
    {
      key: 'createdAt',
      label: 'Received',
      sortable: true,
      render: (e) => formatDate(e.createdAt, 'date'),
    },
    {
      key: 'schoolName',
      label: 'School',
      sortable: true,
      render: (e) => (
        <>
          <Text fw={600} size="sm">
            {e.schoolName}
          </Text>
          <Text size="xs" c="dimmed">
            {e.emisNumber ? `EMIS ${e.emisNumber}` : 'No EMIS number'}
          </Text>
        </>
      ),
    },
    { key: 'town', label: 'Town', sortable: true, render: (e) => `${e.town ?? '—'}, ${e.province ?? ''}` },
    {
      key: 'teacher',
      label: 'Teacher',
      render: (e) => (
        <>
          <Text size="sm">
            {e.teacherFirstName} {e.teacherLastName}
          </Text>
          <Text size="xs" c="dimmed">
            {e.teacherEmail}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      render: (e) => (
        <Badge color={statusColor[e.status]} variant="light">
          {e.status}
        </Badge>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (e) => (
        <Group gap="xs" wrap="nowrap">
          {e.status === 'pending' ? (
            <Button size="xs" onClick={() => setHandling(e)} aria-label={`Handle the expression of ${e.schoolName}`}>
              Handle
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Delete the expression of ${e.schoolName}`}
            onClick={() => setRemoving(e)}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Expressions of interest"
        description="Schools that asked to take part. Match each to a school on the platform, or create it; or decline it with a reason."
      />
      <SegmentedControl
        mb="md"
        value={status}
        onChange={(v) => {
          setStatus(v);
          list.setPage(1);
        }}
        aria-label="Show expressions that are"
        data={[
          { value: 'pending', label: 'Pending' },
          { value: 'processed', label: 'Processed' },
          { value: 'declined', label: 'Declined' },
          { value: 'all', label: 'All' },
        ]}
      />
      <PagedTable
        label="Expressions of interest"
        columns={columns}
        rows={eois.data?.items}
        total={eois.data?.total ?? 0}
        rowKey={(e) => e.id}
        list={list}
        loading={eois.isFetching}
        error={eois.error}
        searchPlaceholder="Search school, town, teacher or email"
        empty="Nothing here."
      />
      <Modal
        opened={handling !== null}
        onClose={() => setHandling(null)}
        title={handling ? `Expression of ${handling.schoolName}` : ''}
        size="lg"
      >
        {handling ? <HandleEoi eoi={handling} onDone={() => setHandling(null)} /> : null}
      </Modal>
      <Confirm
        opened={removing !== null}
        title="Delete this expression of interest?"
        confirmLabel="Delete"
        color="red"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      >
        {removing ? (
          <>
            The expression of <b>{removing.schoolName}</b> ({removing.teacherFirstName} {removing.teacherLastName},{' '}
            {removing.teacherEmail}) will be deleted. This cannot be undone.
          </>
        ) : null}
      </Confirm>
    </>
  );
}

function HandleEoi({ eoi, onDone }: { eoi: Eoi; onDone: () => void }) {
  const matches = usePossibleMatches(eoi.id);
  const process = useProcessEoi();
  const decline = useDeclineEoi();
  // The likeliest existing school is offered first, so that a duplicate is not created by default.
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? (matches.data?.[0] ? String(matches.data[0].schoolId) : 'new');
  const [reason, setReason] = useState('');
  const [declining, setDeclining] = useState(false);
  const chosen = matches.data?.find((m) => String(m.schoolId) === choice);
  const run = () =>
    process.mutate({ id: eoi.id, schoolId: chosen ? chosen.schoolId : null, teacherId: null }, { onSuccess: onDone });
  return (
    <Stack>
      <Card withBorder>
        <Text fw={600}>{eoi.schoolName}</Text>
        <Text size="sm">
          {eoi.emisNumber ? `EMIS ${eoi.emisNumber} · ` : ''}
          {eoi.town}, {eoi.province}
          {eoi.schoolPhone ? ` · ${eoi.schoolPhone}` : ''}
        </Text>
        <Text size="sm">
          Teacher: {eoi.teacherFirstName} {eoi.teacherLastName}, {eoi.teacherEmail}
          {eoi.teacherPhone ? `, ${eoi.teacherPhone}` : ''}
        </Text>
        {eoi.learnerEstimate ? <Text size="sm">About {eoi.learnerEstimate} learners</Text> : null}
        {eoi.message ? (
          <Text size="sm" mt="xs" fs="italic">
            “{eoi.message}”
          </Text>
        ) : null}
      </Card>
      {process.error ? (
        <Alert color="red" role="alert">
          {process.error.message}
        </Alert>
      ) : null}
      {decline.error ? (
        <Alert color="red" role="alert">
          {decline.error.message}
        </Alert>
      ) : null}
      {!declining ? (
        <>
          <Radio.Group label="Which school is it?" value={choice} onChange={setPicked}>
            <Stack gap="xs" mt="xs">
              {matches.isLoading ? <Text size="sm">Looking for possible matches…</Text> : null}
              {(matches.data ?? []).map((m) => (
                <Radio
                  key={m.schoolId}
                  value={String(m.schoolId)}
                  label={`${m.name} — ${m.town ?? 'no town'}${m.emisNumber ? `, EMIS ${m.emisNumber}` : ''}`}
                  description={`${m.reasons.map((r) => reasonLabel[r]).join(' · ')}${m.teachers.length ? ` · teachers: ${m.teachers.map((t) => t.name).join(', ')}` : ''}`}
                />
              ))}
              {matches.data && matches.data.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No existing school looks like this one.
                </Text>
              ) : null}
              <Radio value="new" label="A new school: create it from this expression" />
            </Stack>
          </Radio.Group>
          <Group justify="space-between">
            <Button variant="subtle" color="red" onClick={() => setDeclining(true)}>
              Decline…
            </Button>
            <Button onClick={run} loading={process.isPending}>
              {chosen ? 'Link and enter the school' : 'Create and enter the school'}
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Textarea
            label="Reason (mailed to the teacher)"
            required
            minRows={3}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => setDeclining(false)}>
              Back
            </Button>
            <Button
              color="red"
              loading={decline.isPending}
              disabled={reason.trim().length < 3}
              onClick={() => decline.mutate({ id: eoi.id, reason }, { onSuccess: onDone })}
            >
              Decline and mail the reason
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
