import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { type MassMailInput, MassMailRow } from '#contract/mail';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

const MailingSaved = z.object({ success: z.literal(true), mailing: MassMailRow });

/** POST emailer/api/ or PUT emailer/api/{id} */
export function saveMassMail({ id, values }: { id: number | null; values: MassMailInput }) {
  return id == null
    ? api.post('/emailer/api/', { body: values, schema: MailingSaved })
    : api.put(`/emailer/api/${id}`, { body: values, schema: MailingSaved });
}

/** The form shows a failure beside its fields. */
export const useSaveMassMail = () =>
  useMutation({
    mutationFn: saveMassMail,
    meta: {
      success: 'The draft is saved',
      error: false,
      invalidates: [mailKeys.massMails.prefix, mailKeys.audienceCount.prefix],
    },
  });
