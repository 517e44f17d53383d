import { Button, Group, Modal, NumberInput, Stack, Textarea, TextInput, Alert } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { type SubProject, SubProjectInput } from '#contract/olympiads';
import { PageHeader } from '../../../components/PageHeader.js';
import { useDeleteSubProject } from '../api/delete-sub-project.js';
import { useSubProjects } from '../api/list-sub-projects.js';
import { useSaveSubProject } from '../api/save-sub-project.js';
import { Confirm } from '../../../components/Confirm.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { ProjectSelect } from '../components/ProjectSelect.js';

const FormValues = SubProjectInput.extend({ projectId: z.string().min(1, 'Choose a project') });

function SubProjectForm({ sub, onDone }: { sub: SubProject | null; onDone: () => void }) {
  const save = useSaveSubProject();
  const form = useSchemaForm({
    schema: FormValues,
    mode: 'controlled',
    validateInputOnChange: true,
    initialValues: {
      projectId: sub ? String(sub.projectId) : '',
      name: sub?.name ?? '',
      title: sub?.title ?? '',
      description: sub?.description ?? '',
      position: sub?.position ?? 0,
    },
  });
  const submit = form.onSubmit(({ projectId, ...values }) =>
    save.mutate(
      { id: sub?.id ?? null, values: sub ? values : { ...values, projectId: Number(projectId) } },
      { onSuccess: onDone, onError: form.setServerErrors },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.error ? <Alert color="red">{save.error.message}</Alert> : null}
        <ProjectSelect label="Project" required disabled={sub != null} {...form.getInputProps('projectId')} />
        <TextInput
          label="Name"
          description="Lower-case words joined by hyphens"
          required
          {...form.getInputProps('name')}
        />
        <TextInput label="Title" required {...form.getInputProps('title')} />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <NumberInput label="Position" min={0} allowDecimal={false} {...form.getInputProps('position')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {sub ? 'Save sub-project' : 'Create sub-project'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /overlord/edit/olympus-sub-projects */
export function SubProjectsPage() {
  const list = useListParams('position');
  const [projectId, setProjectId] = useState<string | null>(null);
  const subs = useSubProjects({ ...list.params, projectId: projectId ? Number(projectId) : undefined });
  const remove = useDeleteSubProject();
  const [editing, setEditing] = useState<SubProject | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SubProject | null>(null);
  const columns: Column<SubProject>[] = [
    { key: 'projectName', label: 'Project', sortable: true, render: (s) => s.projectName },
    { key: 'name', label: 'Name', sortable: true, render: (s) => s.name },
    { key: 'title', label: 'Title', sortable: true, render: (s) => s.title },
    { key: 'position', label: 'Position', sortable: true, render: (s) => s.position },
    {
      key: 'actions',
      label: 'Actions',
      render: (s) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
            Edit
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(s)} aria-label={`Delete ${s.name}`}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Olympus sub-projects"
        description="Sub-projects group a project's olympiads, e.g. junior and senior phases."
        actions={<Button onClick={() => setEditing('new')}>New sub-project</Button>}
      />
      <ProjectSelect
        label="Project"
        placeholder="All projects"
        clearable
        value={projectId}
        onChange={setProjectId}
        maw={360}
        mb="md"
      />
      <PagedTable
        label="Sub-projects"
        columns={columns}
        rows={subs.data?.items}
        total={subs.data?.total ?? 0}
        rowKey={(s) => s.id}
        list={list}
        loading={subs.isFetching}
        error={subs.error}
        searchPlaceholder="Search sub-projects"
        empty="No sub-projects yet."
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New sub-project' : 'Edit sub-project'}
        size="lg"
      >
        {editing !== null ? (
          <SubProjectForm sub={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <Confirm
        opened={deleting !== null}
        title="Delete this sub-project?"
        confirmLabel="Delete sub-project"
        color="red"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => remove.mutate(deleting!.id, { onSuccess: () => setDeleting(null) })}
      >
        {deleting ? `“${deleting.title}” will be removed; its olympiads stay in the project.` : null}
      </Confirm>
    </>
  );
}
