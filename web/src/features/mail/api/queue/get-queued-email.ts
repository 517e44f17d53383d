import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { EmailDetail } from '#contract/mail';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

const OneEmail = z.object({ success: z.literal(true), email: EmailDetail });

/** GET queued-email/{x}: one message with its bodies and attempts */
export function getQueuedEmail(id: number) {
  return api.get(`/queued-email/${id}`, { schema: OneEmail });
}

export const useQueuedEmail = (id: number | null) =>
  useQuery({
    queryKey: mailKeys.queuedEmail(id),
    queryFn: () => getQueuedEmail(id!),
    select: (d) => d.email,
    enabled: id != null,
  });
