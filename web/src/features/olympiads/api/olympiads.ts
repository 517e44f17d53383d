import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Ok, pageOf } from '../../../../../contract/errors.js';
import {
  GrantRecord,
  type OlympiadInput,
  OlympiadRecord,
  OlympiadResultBody,
  type OlympiadUpdate,
  StaffUser,
} from '../../../../../contract/olympiads.js';
import type { GrantRole } from '../../../../../contract/roles.js';
import { api } from '../../../lib/api/index.js';
import type { ListParams } from '../../../components/PagedTable.js';

const OlympiadPage = pageOf(OlympiadRecord);

/** GET olympiad/v-rest/ */
export const olympiadsQuery = (params: ListParams & { projectId?: number | undefined }) =>
  queryOptions({
    queryKey: ['olympiad', 'list', params],
    queryFn: () => api.get('/olympiad/v-rest/', { query: { ...params }, schema: OlympiadPage }),
    placeholderData: keepPreviousData,
  });
export const useOlympiads = (params: ListParams & { projectId?: number | undefined }) =>
  useQuery(olympiadsQuery(params));

/** GET olympiad/v-rest/single?olympiadVarName */
export const olympiadByNameQuery = (varName: string) =>
  queryOptions({
    queryKey: ['olympiad', 'single', varName],
    queryFn: () =>
      api.get('/olympiad/v-rest/single', { query: { olympiadVarName: varName }, schema: OlympiadResultBody }),
    select: (data) => data.olympiad,
    enabled: varName.length > 0,
  });
export const useOlympiadByName = (varName: string) => useQuery(olympiadByNameQuery(varName));

/** POST olympiad/v-rest/ or PUT olympiad/v-rest/{id} */
export function useSaveOlympiad() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: OlympiadInput | OlympiadUpdate }) =>
      id == null
        ? api.post('/olympiad/v-rest/', { body: values, schema: OlympiadResultBody })
        : api.put(`/olympiad/v-rest/${id}`, { body: values, schema: OlympiadResultBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['olympiad'] }),
  });
}

/** GET olympiad/api/set-olympiad-open/{olympiadId}/{true|false}?confirm=true */
export function useSetOpen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ olympiadId, open, confirm }: { olympiadId: number; open: boolean; confirm?: boolean }) =>
      api.get(`/olympiad/api/set-olympiad-open/${olympiadId}/${open}`, {
        query: { confirm: confirm ? 'true' : undefined },
        schema: OlympiadResultBody,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['olympiad'] }),
  });
}

/** POST olympiad/set-pinned?olympiadId&pinned */
export function useSetPinned() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ olympiadId, pinned }: { olympiadId: number; pinned: boolean }) =>
      api.post('/olympiad/set-pinned', { query: { olympiadId, pinned: String(pinned) }, schema: OlympiadResultBody }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['olympiad'] }),
  });
}

const GrantList = z.object({ success: z.literal(true), items: z.array(GrantRecord) });
const StaffList = z.object({ success: z.literal(true), items: z.array(StaffUser) });

/** GET olympiad-grant/v-rest/?olympiadId */
export const useGrants = (olympiadId: number | null) =>
  useQuery({
    queryKey: ['olympiad-grant', olympiadId],
    queryFn: () => api.get('/olympiad-grant/v-rest/', { query: { olympiadId }, schema: GrantList }),
    select: (data) => data.items,
    enabled: olympiadId != null,
  });

/** GET olympiad-grant/v-rest/staff-search?search */
export const useStaffSearch = (search: string) =>
  useQuery({
    queryKey: ['olympiad-grant', 'staff', search],
    queryFn: () => api.get('/olympiad-grant/v-rest/staff-search', { query: { search }, schema: StaffList }),
    select: (data) => data.items,
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });

export function useGrant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { olympiadId: number; userId: number; role: GrantRole }) =>
      api.post('/olympiad-grant/v-rest/', { body, schema: Ok }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['olympiad-grant'] }),
  });
}

export function useRevokeGrant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (query: { olympiadId: number; userId: number; role: GrantRole }) =>
      api.delete('/olympiad-grant/v-rest/', { query, schema: Ok }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['olympiad-grant'] }),
  });
}
