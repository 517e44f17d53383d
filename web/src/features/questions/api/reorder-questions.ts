import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { paperChanged } from './keys.js';

/** POST question/v-rest/reorder?questionModuleId */
export const reorderQuestions = ({ moduleId, ids }: { moduleId: number; ids: number[] }) =>
  api.post('/question/v-rest/reorder', { query: { questionModuleId: moduleId }, body: { ids }, schema: Ok });

/** A failed reorder leaves the stored order as it was; the list drops its own order either way. */
export const useReorderQuestions = () =>
  useMutation({ mutationFn: reorderQuestions, meta: { invalidates: paperChanged } });
