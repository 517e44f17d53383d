import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { paperChanged } from './keys.js';

/** POST question-module/v-rest/reorder?olympiadId */
export const reorderModules = ({ olympiadId, ids }: { olympiadId: number; ids: number[] }) =>
  api.post('/question-module/v-rest/reorder', { query: { olympiadId }, body: { ids }, schema: Ok });

/** A failed reorder leaves the stored order as it was; the list drops its own order either way. */
export const useReorderModules = () => useMutation({ mutationFn: reorderModules, meta: { invalidates: paperChanged } });
