import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Ok, pageOf } from '../../../../../contract/errors.js';
import {
  CreatedLearner,
  type ImportJob,
  ImportJobResult,
  ImportReport,
  Learner,
} from '../../../../../contract/learners.js';
import { SchoolParticipant } from '../../../../../contract/schools.js';
import type { ListParams } from '../../../components/PagedTable.js';
import { api, downloadFile } from '../../../lib/api/index.js';
import { apiUpload, type UploadProgress } from '../../../lib/api/upload.js';

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

/** POST learner/v-rest/import/preview (multipart, with upload progress): the per-row report; nothing is saved. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: ({
      scope,
      file,
      onProgress,
    }: {
      scope: LearnerScope;
      file: File;
      onProgress?: (p: UploadProgress) => void;
    }) =>
      apiUpload('/learner/v-rest/import/preview', file, {
        query: { ...scope },
        schema: ImportReport,
        ...(onProgress ? { onProgress } : {}),
      }),
  });
}

/** POST learner/v-rest/import/{id}/start: the checked rows are loaded in the background, all or none. */
export function useStartImport() {
  return useMutation({
    mutationFn: (importId: number) =>
      api.post(`/learner/v-rest/import/${importId}/start`, { schema: ImportJobResult }).then((r) => r.job),
  });
}

const finished = (job: ImportJob | undefined) => job?.status === 'done' || job?.status === 'failed';

/** GET learner/v-rest/import/{id}, polled every half second until the import is done or failed. */
export function useImportJob(importId: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['learner', 'import', importId],
    queryFn: async () => {
      const { job } = await api.get(`/learner/v-rest/import/${importId}`, { schema: ImportJobResult });
      if (job.status === 'done') await client.invalidateQueries({ queryKey: ['learner', 'list'] });
      return job;
    },
    enabled: importId != null,
    refetchInterval: (query) => (finished(query.state.data) ? false : 500),
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
