import { useMutation } from '@tanstack/react-query';
import { type TestimonialInput, TestimonialSaved } from '#contract/copy';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** POST testimonial/v-rest/ (a new one) or PUT testimonial/v-rest/{id}. */
export const saveTestimonial = ({ id, values }: { id: number | null; values: TestimonialInput }) =>
  id == null
    ? api.post('/testimonial/v-rest/', { body: values, schema: TestimonialSaved })
    : api.put(`/testimonial/v-rest/${id}`, { body: values, schema: TestimonialSaved });

/** The form shows a failure beside its fields. */
export const useSaveTestimonial = () =>
  useMutation({
    mutationFn: saveTestimonial,
    meta: { success: 'The testimonial is saved', error: false, invalidates: [contentKeys.testimonials.prefix] },
  });
