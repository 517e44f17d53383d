import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { eoiKeys } from './keys.js';

/** DELETE interest/rest/{id} */
export const deleteEoi = (id: number) => api.delete(`/interest/rest/${id}`, { schema: Ok });

export const useDeleteEoi = () =>
  useMutation({ mutationFn: deleteEoi, meta: { success: 'Deleted', invalidates: [eoiKeys.all] } });
