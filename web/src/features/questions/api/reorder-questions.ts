import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ok } from '../../../../../contract/errors.js';
import { api } from '../../../lib/api/index.js';
import { paperChanged } from './keys.js';

/** POST question/v-rest/reorder?questionModuleId */
export const reorderQuestions = ({ moduleId, ids }: { moduleId: number; ids: number[] }) =>
  api.post('/question/v-rest/reorder', { query: { questionModuleId: moduleId }, body: { ids }, schema: Ok });

/** The paper is refetched whatever the outcome: a failed reorder puts the list back as stored. */
export function useReorderQuestions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderQuestions,
    onSettled: () => Promise.all(paperChanged.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
