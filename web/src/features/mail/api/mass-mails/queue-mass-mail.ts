import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api/index.js';
import { formatDate } from '../../../../lib/dates.js';
import { mailKeys } from '../keys.js';
import { count } from '#contract/numbers';

const Queued = z.object({ success: z.literal(true), queued: z.number(), scheduledFor: z.string().nullable() });

/** POST emailer/api/{id}/queue: the messages are made and held until released. */
export function queueMassMail(id: number) {
  return api.post(`/emailer/api/${id}/queue`, { schema: Queued });
}

export const useQueueMassMail = () =>
  useMutation({
    mutationFn: async (id: number) => {
      const answer = await queueMassMail(id);
      const messages = count(answer.queued, 'message');
      const message = answer.scheduledFor
        ? `${messages} queued and held until ${formatDate(answer.scheduledFor)}`
        : `${messages} queued and held until the overlord releases them`;
      return { ...answer, message };
    },
    meta: { success: 'Queued', invalidates: [mailKeys.massMails.prefix, mailKeys.audienceCount.prefix] },
  });
