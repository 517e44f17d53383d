import { useMutation, useQuery } from '@tanstack/react-query';
import { RetentionSetting } from '#contract/personal-data';
import { api } from '../../../lib/api/index.js';
import { olympiadKeys } from './keys.js';

/** GET /olympiad/retention/{olympiadId}: how long the olympiad keeps its learners' personal data (decision 108). */
export const useRetentionSetting = (olympiadId: number) =>
  useQuery({
    queryKey: olympiadKeys.retention(olympiadId),
    queryFn: () => api.get(`/olympiad/retention/${olympiadId}`, { schema: RetentionSetting }),
  });

/** PUT /olympiad/retention/{olympiadId}: months after the results are published. */
export const useSetRetention = () =>
  useMutation({
    mutationFn: ({ olympiadId, retentionMonths }: { olympiadId: number; retentionMonths: number }) =>
      api.put(`/olympiad/retention/${olympiadId}`, { body: { retentionMonths }, schema: RetentionSetting }),
    meta: { success: 'Saved', invalidates: [olympiadKeys.retention.prefix] },
  });
