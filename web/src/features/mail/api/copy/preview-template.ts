import { useMutation } from '@tanstack/react-query';
import { MailPreview } from '#contract/mail';
import { api } from '../../../../lib/api/index.js';
import type { TemplateCall } from './save-template.js';

/** POST email-template/api/{kind}/preview: the wording with sample data. */
export function previewTemplate({ kind, olympiadId, values }: TemplateCall) {
  return api.post(`/email-template/api/${kind}/preview`, { query: { olympiadId }, body: values, schema: MailPreview });
}

/** The page shows a failure in place. */
export const usePreviewTemplate = () => useMutation({ mutationFn: previewTemplate, meta: { error: false } });
