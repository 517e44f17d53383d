import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOf } from '#contract/errors';
import { SubProject } from '#contract/olympiads';
import { api } from '../../../lib/api/index.js';
import { type OlympiadListParams, subProjectKeys } from './keys.js';

const SubProjectPage = pageOf(SubProject);

/** GET olympus-sub-project/v-rest/?projectId */
export const listSubProjects = (params: OlympiadListParams) =>
  api.get('/olympus-sub-project/v-rest/', { query: { ...params }, schema: SubProjectPage });

export const useSubProjects = (params: OlympiadListParams, enabled = true) =>
  useQuery({
    queryKey: subProjectKeys.list(params),
    queryFn: () => listSubProjects(params),
    placeholderData: keepPreviousData,
    enabled,
  });
