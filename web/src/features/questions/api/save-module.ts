import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { QuestionModuleRecord } from '#contract/authoring';
import type { PaperLanguage } from '#contract/questions';
import { api } from '../../../lib/api/index.js';
import { paperChanged } from './keys.js';

const ModuleBody = z.object({ success: z.literal(true), module: QuestionModuleRecord });

export interface ModuleValues {
  id: number | null;
  olympiadId: number;
  title: string;
  intro: string;
  /** The title and intro in the other languages offered (decision 094); a language left out keeps what is stored. */
  translations?: Partial<Record<PaperLanguage, { title: string; intro: string }>>;
}

/** POST question-module/v-rest/ or PUT question-module/v-rest/{id} */
export async function saveModule({ id, olympiadId, title, intro, translations }: ModuleValues) {
  const words = { title, intro, ...(translations && Object.keys(translations).length ? { translations } : {}) };
  const saved =
    id == null
      ? await api.post('/question-module/v-rest/', { body: { olympiadId, ...words }, schema: ModuleBody })
      : await api.put(`/question-module/v-rest/${id}`, { body: words, schema: ModuleBody });
  return { ...saved, message: id == null ? 'The module was added' : 'The module was saved' };
}

/** The form shows a failure in its alert. */
export const useSaveModule = () =>
  useMutation({
    mutationFn: saveModule,
    meta: { success: 'The module was saved', error: false, invalidates: paperChanged },
  });
