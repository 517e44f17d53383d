import { useMutation } from '@tanstack/react-query';
import { type OlympiadInput, OlympiadResultBody, type OlympiadUpdate } from '#contract/olympiads';
import { api } from '../../../lib/api/index.js';
import { olympiadKeys } from './keys.js';

/** POST olympiad/v-rest/ or PUT olympiad/v-rest/{id} */
export async function saveOlympiad({ id, values }: { id: number | null; values: OlympiadInput | OlympiadUpdate }) {
  const saved =
    id == null
      ? await api.post('/olympiad/v-rest/', { body: values, schema: OlympiadResultBody })
      : await api.put(`/olympiad/v-rest/${id}`, { body: values, schema: OlympiadResultBody });
  return { ...saved, message: id == null ? 'The olympiad was created' : 'The olympiad was saved' };
}

/** The form shows a failure on its fields and in its alert. */
export const useSaveOlympiad = () =>
  useMutation({
    mutationFn: saveOlympiad,
    meta: { success: 'The olympiad was saved', error: false, invalidates: [olympiadKeys.all] },
  });
