import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.js';
import { EoiBody } from './eoi-body.js';
import { eoiKeys } from './keys.js';

/** POST expression-of-interest/rest/{id}/process: the school and teacher are made (or matched) and entered. */
export const processEoi = ({
  id,
  schoolId,
  teacherId,
}: {
  id: number;
  schoolId: number | null;
  teacherId: number | null;
}) => api.post(`/expression-of-interest/rest/${id}/process`, { body: { schoolId, teacherId }, schema: EoiBody });

/** The dialog shows a failure in place; the server's message says what was done. */
export const useProcessEoi = () =>
  useMutation({
    mutationFn: processEoi,
    meta: { success: 'Processed', error: false, invalidates: [eoiKeys.all] },
  });
