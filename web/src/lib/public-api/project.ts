import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProjectResult } from '#contract/index';
import { api } from '../api/index.js';

/** GET olympus-suite/api/project/{projectName} */
export function fetchProject(projectName: string) {
  return api.get(`/olympus-suite/api/project/${encodeURIComponent(projectName)}`, { schema: ProjectResult });
}

export function projectQuery(projectName: string) {
  return queryOptions({
    queryKey: ['public', 'project', projectName],
    queryFn: () => fetchProject(projectName),
    select: (data) => data.project,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useProject(projectName: string) {
  return useQuery(projectQuery(projectName));
}
