import { useMutation } from '@tanstack/react-query';
import { Ok } from '../../../../../contract/errors.js';
import type { EoiBody } from '../../../../../contract/schools.js';
import { api } from '../../../lib/api/index.js';

/** POST website/api/eoi: the public expression-of-interest form. */
export function useSubmitEoi() {
  return useMutation({
    mutationFn: (body: EoiBody) => api.post('/website/api/eoi', { body, schema: Ok, on401: 'ignore' }),
  });
}
