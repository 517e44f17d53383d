import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  DifficultyReport,
  ImageUploaded,
  PaperResult,
  QuestionModuleRecord,
  QuestionRecord,
  type QuestionUpdate,
} from '../../../../../contract/authoring.js';
import { Ok } from '../../../../../contract/errors.js';
import { api } from '../../../lib/api/index.js';
import { apiUpload } from '../../../lib/api/upload.js';

const ModuleBody = z.object({ success: z.literal(true), module: QuestionModuleRecord });
const QuestionBody = z.object({ success: z.literal(true), question: QuestionRecord });
const RemarkResult = z.object({ success: z.literal(true), remarked: z.number().int() });

/** POST /olympiad/modules/{id}: the whole paper (modules with questions and keys). */
export const paperQuery = (olympiadId: number) =>
  queryOptions({
    queryKey: ['paper', olympiadId],
    queryFn: () => api.post(`/olympiad/modules/${olympiadId}`, { schema: PaperResult }),
    select: (data) => data.modules,
  });
export const usePaper = (olympiadId: number | null) =>
  useQuery({ ...paperQuery(olympiadId ?? 0), enabled: olympiadId != null });

function useInvalidatePaper() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['paper'] }),
      client.invalidateQueries({ queryKey: ['olympiad', 'verify'] }),
    ]);
}

/** POST question-module/v-rest/ or PUT question-module/v-rest/{id} */
export function useSaveModule() {
  const invalidate = useInvalidatePaper();
  return useMutation({
    mutationFn: ({
      id,
      olympiadId,
      title,
      intro,
    }: {
      id: number | null;
      olympiadId: number;
      title: string;
      intro: string;
    }) =>
      id == null
        ? api.post('/question-module/v-rest/', { body: { olympiadId, title, intro }, schema: ModuleBody })
        : api.put(`/question-module/v-rest/${id}`, { body: { title, intro }, schema: ModuleBody }),
    onSuccess: invalidate,
  });
}

export function useDeleteModule() {
  const invalidate = useInvalidatePaper();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/question-module/v-rest/${id}`, { schema: Ok }),
    onSuccess: invalidate,
  });
}

/** POST question-module/v-rest/reorder?olympiadId */
export function useReorderModules() {
  const invalidate = useInvalidatePaper();
  return useMutation({
    mutationFn: ({ olympiadId, ids }: { olympiadId: number; ids: number[] }) =>
      api.post('/question-module/v-rest/reorder', { query: { olympiadId }, body: { ids }, schema: Ok }),
    onSettled: invalidate,
  });
}

export type QuestionFields = Omit<QuestionUpdate, 'confirmKeyChange'>;

/** POST question/v-rest/ or PUT question/v-rest/{id} (confirmKeyChange once learners answered). */
export function useSaveQuestion() {
  const invalidate = useInvalidatePaper();
  return useMutation({
    mutationFn: ({
      id,
      moduleId,
      fields,
      confirmKeyChange,
    }: {
      id: number | null;
      moduleId: number;
      fields: QuestionFields;
      confirmKeyChange?: boolean;
    }) =>
      id == null
        ? api.post('/question/v-rest/', { body: { questionModuleId: moduleId, ...fields }, schema: QuestionBody })
        : api.put(`/question/v-rest/${id}`, {
            body: { ...fields, confirmKeyChange: confirmKeyChange ?? false },
            schema: QuestionBody,
          }),
    onSuccess: invalidate,
  });
}

export function useQuestionAction() {
  const invalidate = useInvalidatePaper();
  return useMutation({
    mutationFn: ({
      id,
      action,
    }: {
      id: number;
      action: 'delete' | 'duplicate' | 'retire' | 'unretire' | 'verify' | 'unverify';
    }) => {
      if (action === 'delete') return api.delete(`/question/v-rest/${id}`, { schema: Ok });
      if (action === 'duplicate') return api.post(`/question/v-rest/${id}/duplicate`, { schema: QuestionBody });
      if (action === 'retire' || action === 'unretire') {
        return api.post(`/question/v-rest/${id}/retire`, {
          query: { retired: String(action === 'retire') },
          schema: QuestionBody,
        });
      }
      return api.post(`/question/v-rest/${id}/verify`, {
        query: { verified: String(action === 'verify') },
        schema: QuestionBody,
      });
    },
    onSuccess: invalidate,
  });
}

/** POST question/v-rest/reorder?questionModuleId */
export function useReorderQuestions() {
  const invalidate = useInvalidatePaper();
  return useMutation({
    mutationFn: ({ moduleId, ids }: { moduleId: number; ids: number[] }) =>
      api.post('/question/v-rest/reorder', { query: { questionModuleId: moduleId }, body: { ids }, schema: Ok }),
    onSettled: invalidate,
  });
}

/** POST /question/image?olympiadId: answers the image's address. */
export const uploadImage = (olympiadId: number, file: File) =>
  apiUpload('/question/image', file, { query: { olympiadId }, schema: ImageUploaded });

/** POST /olympiad/remark/{id} (the exam day's re-mark, after a key fix). */
export function useRemark() {
  return useMutation({
    mutationFn: (olympiadId: number) => api.post(`/olympiad/remark/${olympiadId}`, { schema: RemarkResult }),
  });
}

const Imported = z.object({
  success: z.literal(true),
  imported: z.number().int(),
  message: z.string(),
  /** QTI only: items imported without a key, and what was kept in a simpler form, per item. */
  drafts: z.number().int().optional(),
  notes: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** POST /question/v-rest/import (xlsx, csv) or /import-qti (QTI 2.1, 2.2 or 3.0 zip or xml); all or nothing, the report in `details`. */
export function useImportQuestions() {
  const invalidate = useInvalidatePaper();
  return useMutation({
    mutationFn: ({ moduleId, file }: { moduleId: number; file: File }) =>
      apiUpload(/\.(zip|xml)$/i.test(file.name) ? '/question/v-rest/import-qti' : '/question/v-rest/import', file, {
        query: { questionModuleId: moduleId },
        schema: Imported,
      }),
    onSuccess: invalidate,
  });
}

/** POST /olympiad/reports/questions-by-difficulty/{id} */
export const useDifficultyReport = (olympiadId: number | null) =>
  useQuery({
    queryKey: ['paper', 'difficulty', olympiadId],
    queryFn: () => api.post(`/olympiad/reports/questions-by-difficulty/${olympiadId}`, { schema: DifficultyReport }),
    enabled: olympiadId != null,
  });
