import { Anchor, Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import type { Project } from '#contract/olympiads';
import { PageHeader } from '../../../components/PageHeader.js';
import { useDeleteProject } from '../api/delete-project.js';
import { useProjects } from '../api/list-projects.js';
import { Confirm } from '../../../components/Confirm.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { ProjectForm } from '../components/ProjectForm.js';

/** /overlord/edit/olympus-projects */
export function ProjectsPage() {
  const list = useListParams('title');
  const projects = useProjects(list.params);
  const remove = useDeleteProject();
  const [editing, setEditing] = useState<Project | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);

  const columns: Column<Project>[] = [
    {
      key: 'projectName',
      label: 'Name',
      sortable: true,
      render: (p) => <Anchor href={`/${p.projectName}/home`}>{p.projectName}</Anchor>,
    },
    { key: 'title', label: 'Title', sortable: true, render: (p) => p.title },
    {
      key: 'seoTitle',
      label: 'SEO title',
      render: (p) => (
        <Text size="sm" lineClamp={1}>
          {p.seoTitle || '—'}
        </Text>
      ),
    },
    { key: 'olympiads', label: 'Olympiads', render: (p) => p.olympiadCount },
    {
      key: 'actions',
      label: 'Actions',
      render: (p) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setEditing(p)} aria-label={`Edit ${p.projectName}`}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={p.olympiadCount > 0}
            onClick={() => setDeleting(p)}
            aria-label={`Delete ${p.projectName}`}
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
        title="Olympus projects"
        description="Each project is a public site with its own title, share title, description and keywords."
        actions={<Button onClick={() => setEditing('new')}>New project</Button>}
      />
      <PagedTable
        label="Projects"
        columns={columns}
        rows={projects.data?.items}
        total={projects.data?.total ?? 0}
        rowKey={(p) => p.id}
        list={list}
        loading={projects.isFetching}
        error={projects.error}
        searchPlaceholder="Search projects"
        empty="No projects match."
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New project' : 'Edit project'}
        size="lg"
      >
        {editing !== null ? (
          <ProjectForm project={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <Confirm
        opened={deleting !== null}
        title="Delete this project?"
        confirmLabel="Delete project"
        color="red"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => remove.mutate(deleting!.id, { onSuccess: () => setDeleting(null) })}
      >
        {deleting ? `The project “${deleting.title}” and its sub-projects will be removed. This is logged.` : null}
      </Confirm>
    </>
  );
}
