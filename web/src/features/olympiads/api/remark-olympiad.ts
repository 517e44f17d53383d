import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api/index.js';
import { olympiadKeys } from './keys.js';

const RemarkResult = z.object({ success: z.literal(true), remarked: z.number().int() });

/** POST /olympiad/remark/{id}: re-mark every finished attempt (audited on the server; the sitting feature's). */
export async function remarkOlympiad(olympiadId: number) {
  const result = await api.post(`/olympiad/remark/${olympiadId}`, { schema: RemarkResult });
  return { ...result, message: `${result.remarked} attempts were re-marked` };
}

export const useRemarkOlympiad = () =>
  useMutation({
    mutationFn: remarkOlympiad,
    meta: { success: 'The attempts were re-marked', invalidates: [olympiadKeys.all] },
  });
