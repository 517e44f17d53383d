import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProjectList } from '#contract/index';
import { api } from '../api/index.js';

/** GET olympus-suite/api/projects/?showUpcoming=true: every project with its olympiads. */
export function fetchProjects() {
  return api.get('/olympus-suite/api/projects/', { query: { showUpcoming: 'true' }, schema: ProjectList });
}

export const projectsQuery = queryOptions({
  queryKey: ['public', 'projects'],
  queryFn: fetchProjects,
  select: (data) => data.items,
  staleTime: 5 * 60_000,
});

export function useProjects() {
  return useQuery(projectsQuery);
}
