import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** DELETE testimonial/v-rest/{id} */
export const deleteTestimonial = (id: number) => api.delete(`/testimonial/v-rest/${id}`, { schema: Ok });

export const useDeleteTestimonial = () =>
  useMutation({
    mutationFn: deleteTestimonial,
    meta: { success: 'Removed', invalidates: [contentKeys.testimonials.prefix] },
  });
