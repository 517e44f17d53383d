import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** POST testimonial/v-rest/reorder: every testimonial's id, in the new order. */
export const reorderTestimonials = (ids: number[]) =>
  api.post('/testimonial/v-rest/reorder', { body: { ids }, schema: Ok });

export const useReorderTestimonials = () =>
  useMutation({ mutationFn: reorderTestimonials, meta: { invalidates: [contentKeys.testimonials.prefix] } });
