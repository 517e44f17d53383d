import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ok } from '../../../../../contract/errors.js';
import { api } from '../../../lib/api/index.js';
import { paperChanged } from './keys.js';

/** POST question-module/v-rest/reorder?olympiadId */
export const reorderModules = ({ olympiadId, ids }: { olympiadId: number; ids: number[] }) =>
  api.post('/question-module/v-rest/reorder', { query: { olympiadId }, body: { ids }, schema: Ok });

/** The paper is refetched whatever the outcome: a failed reorder puts the list back as stored. */
export function useReorderModules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderModules,
    onSettled: () => Promise.all(paperChanged.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
