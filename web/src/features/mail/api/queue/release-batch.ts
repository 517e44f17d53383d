import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

const Released = z.object({ success: z.literal(true), released: z.number(), held: z.number() });

/** POST queued-email/release-batch/?massMailId&qty */
export function releaseBatch(v: { massMailId: number; qty: number }) {
  return api.post('/queued-email/release-batch/', { query: v, schema: Released });
}

export const useReleaseBatch = () =>
  useMutation({
    mutationFn: async (v: { massMailId: number; qty: number }) => {
      const answer = await releaseBatch(v);
      return { ...answer, message: `${answer.released} released; ${answer.held} still held` };
    },
    meta: { success: 'Released', invalidates: [mailKeys.queuedEmails.prefix, mailKeys.massMails.prefix] },
  });
