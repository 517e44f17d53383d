import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiUpload } from '../../../lib/api/index.js';
import { paperChanged } from './keys.js';

const Imported = z.object({
  success: z.literal(true),
  imported: z.number().int(),
  message: z.string(),
  /** QTI only: items imported without a key, and what was kept in a simpler form, per item. */
  drafts: z.number().int().optional(),
  /** QTI only: items that could not be imported; the first `refused` notes name each with its reason. */
  refused: z.number().int().optional(),
  notes: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/**
 * POST /question/v-rest/import (xlsx, csv: all or nothing, the report in `details`) or /import-qti (QTI 2.1, 2.2 or
 * 3.0 zip or xml: item by item, each refused item named in `notes`; a 400 only when no item can be imported).
 */
export const importQuestions = ({ moduleId, file }: { moduleId: number; file: File }) =>
  apiUpload(/\.(zip|xml)$/i.test(file.name) ? '/question/v-rest/import-qti' : '/question/v-rest/import', file, {
    query: { questionModuleId: moduleId },
    schema: Imported,
  });

/** The panel shows a failed import's report in place; the server's message says how many were imported. */
export const useImportQuestions = () =>
  useMutation({
    mutationFn: importQuestions,
    meta: { success: 'The questions were imported', error: false, invalidates: paperChanged },
  });
