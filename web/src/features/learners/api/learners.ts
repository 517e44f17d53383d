import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Ok, pageOf } from '../../../../../contract/errors.js';
import { CreatedLearner, ImportReport, ImportResult, Learner } from '../../../../../contract/learners.js';
import { SchoolParticipant } from '../../../../../contract/schools.js';
import type { ListParams } from '../../../components/PagedTable.js';
import { api, downloadFile, postForm } from '../../../lib/api/index.js';

export interface LearnerScope {
  olympiadId: number;
  /** Admins name the school; a teacher's is their own. */
  schoolId?: number | undefined;
}

/** GET learner/v-rest/?olympiadId&schoolId */
export const useLearners = (scope: LearnerScope | null, params: ListParams) =>
  useQuery({
    queryKey: ['learner', 'list', scope, params],
    queryFn: () => api.get('/learner/v-rest/', { query: { ...scope, ...params }, schema: pageOf(Learner) }),
    placeholderData: keepPreviousData,
    enabled: scope != null,
  });

/** POST learner/v-rest/import/preview (multipart): the per-row report; nothing is saved. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: ({ scope, file }: { scope: LearnerScope; file: File }) =>
      postForm<z.infer<typeof ImportReport>>('/learner/v-rest/import/preview', { file }, { query: { ...scope } }).then(
        (r) => ImportReport.parse(r),
      ),
  });
}

/** POST learner/v-rest/import (multipart): all rows or none. */
export function useRunImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ scope, file }: { scope: LearnerScope; file: File }) =>
      postForm<z.infer<typeof ImportResult>>('/learner/v-rest/import', { file }, { query: { ...scope } }).then((r) =>
        ImportResult.parse(r),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['learner'] }),
  });
}

export function useAddLearner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      olympiadId: number;
      schoolId?: number | undefined;
      firstName: string;
      lastName: string;
      grade: number;
    }) =>
      api.post('/learner/v-rest/', {
        body,
        schema: z.object({ success: z.literal(true), message: z.string(), learner: CreatedLearner }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['learner'] }),
  });
}

export function useUpdateLearner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: { firstName: string; lastName: string; grade: number } }) =>
      api.put(`/learner/v-rest/${id}`, {
        body: values,
        schema: z.object({ success: z.literal(true), learner: Learner }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['learner'] }),
  });
}

export function useDeleteLearner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/learner/v-rest/${id}`, { schema: Ok }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['learner'] }),
  });
}

/** PUT /api/auth/set-learner-passwords/{id}: the password exactly as typed. */
export function useSetLearnerPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) =>
      api.put(`/api/auth/set-learner-passwords/${id}`, { body: { password }, schema: Ok }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['learner'] }),
  });
}

/** The school entries of an olympiad, for an admin to choose a school. */
export const useEntries = (olympiadId: number | undefined, search: string) =>
  useQuery({
    queryKey: ['school-participant', 'options', olympiadId, search],
    queryFn: () =>
      api.get('/school-participant/v-rest/', {
        query: { olympiadId, search: search || undefined, pageSize: 30 },
        schema: pageOf(SchoolParticipant),
      }),
    select: (d) => d.items,
    enabled: olympiadId != null,
  });

export const downloadSlips = (scope: LearnerScope, format: 'pdf' | 'csv', name: string) =>
  downloadFile(`/learner/v-rest/slips.${format}`, `sign-in-slips-${name}.${format}`, { ...scope });

export const downloadTemplate = (format: 'xlsx' | 'csv') =>
  downloadFile('/learner/v-rest/template', `learners-template.${format}`, { format });
