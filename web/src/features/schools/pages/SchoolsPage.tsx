import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { School } from '#contract/schools';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useDeleteSchool } from '../api/delete-school.js';
import { useSchools } from '../api/list-schools.js';
import { useMergeSchools } from '../api/merge-schools.js';
import { SchoolForm } from '../components/SchoolForm.js';
import { SchoolPicker } from '../components/SchoolPicker.js';

/** /overlord/edit/schools (every school; edit, merge, delete) and /{o}/admin/edit/schools (the olympiad's). */
export function SchoolsPage() {
  const { olympiadName, olympiad } = useRouteOlympiad();
  const scoped = olympiadName !== '';
  const list = useListParams('name');
  const schools = useSchools({ ...list.params, olympiadId: olympiad?.id }, !scoped || olympiad != null);
  const remove = useDeleteSchool();
  const merge = useMergeSchools();
  const [editing, setEditing] = useState<School | 'new' | null>(null);
  const [merging, setMerging] = useState<School | null>(null);
  const [targetId, setTargetId] = useState<number | null>(null);
  const canCreate = !scoped;

  const columns: Column<School>[] = [
    {
      key: 'name',
      label: 'School',
      sortable: true,
      render: (s) => (
        <Text fw={600} size="sm">
          {s.name}
        </Text>
      ),
    },
    { key: 'emisNumber', label: 'EMIS', sortable: true, render: (s) => s.emisNumber ?? '—' },
    { key: 'town', label: 'Town', sortable: true, render: (s) => s.town ?? '—' },
    { key: 'province', label: 'Province', sortable: true, render: (s) => s.province ?? '—' },
    { key: 'teachers', label: 'Teachers', render: (s) => s.teacherCount },
    {
      key: 'actions',
      label: 'Actions',
      render: (s) =>
        s.can.update || s.can.merge ? (
          <Group gap="xs" wrap="nowrap">
            {s.can.update ? (
              <Button size="xs" variant="light" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
                Edit
              </Button>
            ) : null}
            {s.can.merge ? (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => setMerging(s)}
                aria-label={`Merge ${s.name} into another school`}
              >
                Merge
              </Button>
            ) : null}
            {s.can.delete ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Delete ${s.name}`}
                onClick={() => remove.mutate(s.id)}
              >
                Delete
              </Button>
            ) : null}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            View only
          </Text>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Schools"
        description={
          scoped
            ? 'The schools entered in this olympiad.'
            : 'Every school on the platform. Merge duplicates into the school to keep.'
        }
        actions={canCreate ? <Button onClick={() => setEditing('new')}>New school</Button> : null}
      />
      <PagedTable
        label="Schools"
        columns={columns}
        rows={schools.data?.items}
        total={schools.data?.total ?? 0}
        rowKey={(s) => s.id}
        list={list}
        loading={schools.isFetching}
        error={schools.error}
        searchPlaceholder="Search by name, EMIS number or town"
        empty="No schools match."
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New school' : 'Edit school'}
        size="lg"
      >
        {editing !== null ? (
          <SchoolForm school={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <Modal opened={merging !== null} onClose={() => setMerging(null)} title="Merge a duplicate school">
        {merging ? (
          <Stack>
            <Text>
              <b>{merging.name}</b> will be removed; its teachers, olympiad entries and learners move to the school you
              keep.
            </Text>
            {merge.error ? (
              <Alert color="red" role="alert">
                {merge.error.message}
              </Alert>
            ) : null}
            <SchoolPicker label="The school to keep" value={targetId} onChange={setTargetId} exclude={merging.id} />
            <Group justify="flex-end">
              <Button
                color="red"
                loading={merge.isPending}
                disabled={!targetId}
                onClick={() =>
                  merge.mutate(
                    { sourceId: merging.id, targetId: targetId! },
                    {
                      onSuccess: () => {
                        setMerging(null);
                        setTargetId(null);
                      },
                    },
                  )
                }
              >
                Merge
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
