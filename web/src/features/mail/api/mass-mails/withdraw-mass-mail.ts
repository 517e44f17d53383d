import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { MassMailRow } from '#contract/mail';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

const Withdrawn = z.object({ success: z.literal(true), message: z.string(), mailing: MassMailRow });

/** POST emailer/api/{id}/withdraw: a queued mailing back to a draft while none of it has been released. */
export function withdrawMassMail(id: number) {
  return api.post(`/emailer/api/${id}/withdraw`, { schema: Withdrawn });
}

/** The server's message ("The mailing is withdrawn: 2 held messages removed …") is the notification. */
export const useWithdrawMassMail = () =>
  useMutation({
    mutationFn: withdrawMassMail,
    meta: { success: 'Withdrawn', invalidates: [mailKeys.massMails.prefix, mailKeys.audienceCount.prefix] },
  });
