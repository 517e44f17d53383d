import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOf } from '#contract/errors';
import { Project } from '#contract/olympiads';
import type { ListParams } from '../../../components/PagedTable.js';
import { api } from '../../../lib/api/index.js';
import { projectKeys } from './keys.js';

const ProjectPage = pageOf(Project);

/** GET olympus-project/v-rest/ */
export const listProjects = (params: ListParams) =>
  api.get('/olympus-project/v-rest/', { query: { ...params }, schema: ProjectPage });

export const useProjects = (params: ListParams) =>
  useQuery({
    queryKey: projectKeys.list(params),
    queryFn: () => listProjects(params),
    placeholderData: keepPreviousData,
  });
