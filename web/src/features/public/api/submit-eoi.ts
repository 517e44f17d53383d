import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { Ok } from '#contract/errors';
import type { EoiBody } from '#contract/schools';
import { api } from '../../../lib/api/index.js';

export type EoiValues = z.input<typeof EoiBody>;

/** POST website/api/eoi: the public expression-of-interest form. */
export const submitEoi = (body: EoiValues) => api.post('/website/api/eoi', { body, schema: Ok, on401: 'ignore' });

/** The page thanks the school itself, and the form shows a failure in its alert. */
export const useSubmitEoi = () => useMutation({ mutationFn: submitEoi, meta: { error: false } });
