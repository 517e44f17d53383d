import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { School } from '#contract/schools';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, pageOf, useListParams } from '../../../components/PagedTable.js';
import { EditorModal, type Editing, RowActions } from '../../../components/RowEditing.js';
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
  const [editing, setEditing] = useState<Editing<School>>(null);
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
      render: (s) => (
        <RowActions
          name={s.name}
          onEdit={s.can.update && (() => setEditing(s))}
          onRemove={s.can.delete && (() => remove.mutate(s.id))}
        >
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
        </RowActions>
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
        {...pageOf(schools)}
        rowKey={(s) => s.id}
        list={list}
        searchPlaceholder="Search by name, EMIS number or town"
        empty="No schools match."
      />
      <EditorModal
        editing={editing}
        onClose={() => setEditing(null)}
        titles={{ add: 'New school', edit: 'Edit school' }}
        size="lg"
      >
        {(school) => <SchoolForm school={school} onDone={() => setEditing(null)} />}
      </EditorModal>
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
