import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../../lib/api/index.js';
import type { TemplateCall } from './save-template.js';

/** POST email-template/api/{kind}/test: the wording sent to the signed-in user. */
export function testTemplate({ kind, olympiadId, values }: TemplateCall) {
  return api.post(`/email-template/api/${kind}/test`, { query: { olympiadId }, body: values, schema: Ok });
}

/** The page shows a failure in place. */
export const useTestTemplate = () => useMutation({ mutationFn: testTemplate, meta: { success: 'Sent', error: false } });
