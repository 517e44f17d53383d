import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Ok, pageOf } from '../../../../../contract/errors.js';
import { Project, type ProjectInput, SubProject, type SubProjectInput } from '../../../../../contract/olympiads.js';
import { api } from '../../../lib/api/index.js';
import type { ListParams } from '../../../components/PagedTable.js';

const ProjectPage = pageOf(Project);
const ProjectBody = z.object({ success: z.literal(true), project: Project });
const SubProjectPage = pageOf(SubProject);
const SubProjectBody = z.object({ success: z.literal(true), subProject: SubProject });

/** GET olympus-project/v-rest/ */
export const projectsQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ['olympus-project', 'list', params],
    queryFn: () => api.get('/olympus-project/v-rest/', { query: { ...params }, schema: ProjectPage }),
    placeholderData: keepPreviousData,
  });
export const useProjects = (params: ListParams) => useQuery(projectsQuery(params));

/** POST olympus-project/v-rest/ or PUT olympus-project/v-rest/{id} */
export function useSaveProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: Partial<ProjectInput> }) =>
      id == null
        ? api.post('/olympus-project/v-rest/', { body: values, schema: ProjectBody })
        : api.put(`/olympus-project/v-rest/${id}`, { body: values, schema: ProjectBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['olympus-project'] }),
  });
}

/** DELETE olympus-project/v-rest/{id} */
export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/olympus-project/v-rest/${id}`, { schema: Ok }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['olympus-project'] }),
  });
}

/** GET olympus-sub-project/v-rest/?projectId */
export const subProjectsQuery = (params: ListParams & { projectId?: number | undefined }) =>
  queryOptions({
    queryKey: ['olympus-sub-project', 'list', params],
    queryFn: () => api.get('/olympus-sub-project/v-rest/', { query: { ...params }, schema: SubProjectPage }),
    placeholderData: keepPreviousData,
  });
export const useSubProjects = (params: ListParams & { projectId?: number | undefined }, enabled = true) =>
  useQuery({ ...subProjectsQuery(params), enabled });

export function useSaveSubProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: Partial<SubProjectInput> }) =>
      id == null
        ? api.post('/olympus-sub-project/v-rest/', { body: values, schema: SubProjectBody })
        : api.put(`/olympus-sub-project/v-rest/${id}`, { body: values, schema: SubProjectBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['olympus-sub-project'] }),
  });
}

export function useDeleteSubProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/olympus-sub-project/v-rest/${id}`, { schema: Ok }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['olympus-sub-project'] }),
  });
}
