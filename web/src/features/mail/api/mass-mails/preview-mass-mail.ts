import { useMutation } from '@tanstack/react-query';
import { MailPreview } from '#contract/mail';
import { api } from '../../../../lib/api/index.js';

/** POST emailer/api/{id}/preview: the message as one recipient (or a sample) would get it. */
export function previewMassMail({ id, email }: { id: number; email?: string | undefined }) {
  return api.post(`/emailer/api/${id}/preview`, { body: email ? { email } : {}, schema: MailPreview });
}

/** The preview dialog shows a failure in place. */
export const usePreviewMassMail = () => useMutation({ mutationFn: previewMassMail, meta: { error: false } });
