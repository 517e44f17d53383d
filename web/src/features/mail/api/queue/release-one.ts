import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

const Released = z.object({ success: z.literal(true), released: z.number(), held: z.number() });

/** POST queued-email/release/{id} */
export function releaseOne(id: number) {
  return api.post(`/queued-email/release/${id}`, { schema: Released });
}

export const useReleaseOne = () =>
  useMutation({
    mutationFn: releaseOne,
    meta: { invalidates: [mailKeys.queuedEmails.prefix, mailKeys.queuedEmail.prefix, mailKeys.massMails.prefix] },
  });
