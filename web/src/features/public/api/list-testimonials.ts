import { useQuery } from '@tanstack/react-query';
import { TestimonialList } from '#contract/copy';
import { api } from '../../../lib/api/index.js';
import { publicKeys } from './keys.js';

/** GET testimonial/v-rest/: the published testimonials, in order. */
export const listTestimonials = () => api.get('/testimonial/v-rest/', { schema: TestimonialList, on401: 'ignore' });

export const useTestimonials = () =>
  useQuery({
    queryKey: publicKeys.testimonials(),
    queryFn: listTestimonials,
    select: (d) => d.items.filter((t) => t.published),
    staleTime: 60_000,
    retry: false,
  });
