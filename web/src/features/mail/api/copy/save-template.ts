import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import type { TemplateInput } from '#contract/mail';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

export type TemplateCall = { kind: string; olympiadId: number | undefined; values: TemplateInput };

/** PUT email-template/api/{kind}?olympiadId */
export function saveTemplate({ kind, olympiadId, values }: TemplateCall) {
  return api.put(`/email-template/api/${kind}`, { query: { olympiadId }, body: values, schema: Ok });
}

/** The page shows a failure (with the variables it names) in place. */
export const useSaveTemplate = () =>
  useMutation({
    mutationFn: saveTemplate,
    meta: { success: 'Saved', error: false, invalidates: [mailKeys.templates.prefix] },
  });
