import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

/** DELETE email-template/api/{kind}?olympiadId: back to the wording one level up. */
export function resetTemplate({ kind, olympiadId }: { kind: string; olympiadId: number | undefined }) {
  return api.delete(`/email-template/api/${kind}`, { query: { olympiadId }, schema: Ok });
}

export const useResetTemplate = () =>
  useMutation({ mutationFn: resetTemplate, meta: { invalidates: [mailKeys.templates.prefix] } });
