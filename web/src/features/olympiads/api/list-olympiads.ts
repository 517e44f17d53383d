import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOf } from '#contract/errors';
import { OlympiadRecord } from '#contract/olympiads';
import { api } from '../../../lib/api/index.js';
import { olympiadKeys, type OlympiadListParams } from './keys.js';

const OlympiadPage = pageOf(OlympiadRecord);

/** GET olympiad/v-rest/ */
export const listOlympiads = (params: OlympiadListParams) =>
  api.get('/olympiad/v-rest/', { query: { ...params }, schema: OlympiadPage });

export const useOlympiads = (params: OlympiadListParams) =>
  useQuery({
    queryKey: olympiadKeys.list(params),
    queryFn: () => listOlympiads(params),
    placeholderData: keepPreviousData,
  });
