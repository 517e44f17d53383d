import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api/index.js';
import { paperChanged } from './keys.js';
import { putQuestion, type SaveQuestionInput } from './save-question.js';

const RemarkResult = z.object({ success: z.literal(true), remarked: z.number().int() });

/** The key is saved, but re-marking the finished attempts failed: the editor closes and says so. */
export class RemarkFailed extends Error {}

/**
 * PUT question/v-rest/{id} with confirmKeyChange, then POST /olympiad/remark/{olympiadId}: a key changed after
 * learners answered, and every finished attempt marked again with it.
 */
export async function fixAnswerKey({
  olympiadId,
  ...input
}: Omit<SaveQuestionInput, 'confirmKeyChange'> & { olympiadId: number }) {
  await putQuestion({ ...input, confirmKeyChange: true });
  let remarked: number;
  try {
    ({ remarked } = await api.post(`/olympiad/remark/${olympiadId}`, { schema: RemarkResult }));
  } catch (error) {
    throw new RemarkFailed(
      `The key was saved but re-marking failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { remarked, message: `Key fixed; ${remarked} attempts were re-marked` };
}

export function useFixAnswerKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fixAnswerKey,
    meta: { success: 'The key was fixed', invalidates: paperChanged },
    // The key itself is saved even when re-marking failed.
    onError: (error) =>
      error instanceof RemarkFailed
        ? Promise.all(paperChanged.map((queryKey) => client.invalidateQueries({ queryKey })))
        : undefined,
  });
}
