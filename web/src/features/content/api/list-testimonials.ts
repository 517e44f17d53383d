import { useQuery } from '@tanstack/react-query';
import { TestimonialList } from '#contract/copy';
import { api } from '../../../lib/api/index.js';
import { contentKeys } from './keys.js';

/** GET testimonial/v-rest/: every testimonial, drafts too (the overlord). */
export const listTestimonials = () => api.get('/testimonial/v-rest/', { schema: TestimonialList });

export const useTestimonials = () =>
  useQuery({ queryKey: contentKeys.testimonials(), queryFn: listTestimonials, select: (d) => d.items });
