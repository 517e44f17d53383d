import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.js';
import { EoiBody } from './eoi-body.js';
import { eoiKeys } from './keys.js';

/** POST expression-of-interest/rest/{id}/decline with the reason mailed to the teacher. */
export const declineEoi = ({ id, reason }: { id: number; reason: string }) =>
  api.post(`/expression-of-interest/rest/${id}/decline`, { body: { reason }, schema: EoiBody });

/** The dialog shows a failure in place; the server's message says what was done. */
export const useDeclineEoi = () =>
  useMutation({
    mutationFn: declineEoi,
    meta: { success: 'Declined', error: false, invalidates: [eoiKeys.all] },
  });
