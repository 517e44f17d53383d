import { Anchor, Button, Text } from '@mantine/core';
import { useState } from 'react';
import type { Project } from '#contract/olympiads';
import { PageHeader } from '../../../components/PageHeader.js';
import { useDeleteProject } from '../api/delete-project.js';
import { useProjects } from '../api/list-projects.js';
import { Confirm } from '../../../components/Confirm.js';
import { type Column, PagedTable, pageOf, useListParams } from '../../../components/PagedTable.js';
import { EditorModal, type Editing, RowActions } from '../../../components/RowEditing.js';
import { ProjectForm } from '../components/ProjectForm.js';

/** /overlord/edit/olympus-projects */
export function ProjectsPage() {
  const list = useListParams('title');
  const projects = useProjects(list.params);
  const remove = useDeleteProject();
  const [editing, setEditing] = useState<Editing<Project>>(null);
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
        <RowActions
          name={p.projectName}
          onEdit={() => setEditing(p)}
          onRemove={() => setDeleting(p)}
          removeDisabled={p.olympiadCount > 0}
        />
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
        {...pageOf(projects)}
        rowKey={(p) => p.id}
        list={list}
        searchPlaceholder="Search projects"
        empty="No projects match."
      />
      <EditorModal
        editing={editing}
        onClose={() => setEditing(null)}
        titles={{ add: 'New project', edit: 'Edit project' }}
        size="lg"
      >
        {(project) => <ProjectForm project={project} onDone={() => setEditing(null)} />}
      </EditorModal>
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
