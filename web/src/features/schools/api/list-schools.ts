import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOf } from '#contract/errors';
import { School } from '#contract/schools';
import { api } from '../../../lib/api/index.js';
import { schoolKeys, type SchoolListParams } from './keys.js';

const SchoolPage = pageOf(School);

/** GET school/v-rest/?olympiadId (the overlord leaves olympiadId out: every school) */
export const listSchools = (params: SchoolListParams) =>
  api.get('/school/v-rest/', { query: { ...params }, schema: SchoolPage });

export const useSchools = (params: SchoolListParams, enabled = true) =>
  useQuery({
    queryKey: schoolKeys.list(params),
    queryFn: () => listSchools(params),
    placeholderData: keepPreviousData,
    enabled,
  });
