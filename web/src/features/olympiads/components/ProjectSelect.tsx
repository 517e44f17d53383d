import { Select, type SelectProps } from '@mantine/core';
import { useProjects } from '../api/list-projects.js';

/** Choose a project (the first 200 by title). */
export function ProjectSelect(props: Omit<SelectProps, 'data'>) {
  const projects = useProjects({ page: 1, pageSize: 200, sort: 'title', order: 'asc' });
  const data = (projects.data?.items ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.title} (${p.projectName})`,
  }));
  return <Select searchable data={data} nothingFoundMessage="No project" {...props} />;
}
