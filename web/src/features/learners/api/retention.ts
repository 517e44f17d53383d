import { useMutation, useQuery } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { RetentionConfirmed, RetentionReport } from '#contract/personal-data';
import { api } from '../../../lib/api/index.js';
import { learnersKeys } from './keys.js';

/** GET /api/personal-data/retention: the overlord's dry run. */
export const useRetentionReport = () =>
  useQuery({
    queryKey: learnersKeys.retentionReport(),
    queryFn: () => api.get('/api/personal-data/retention', { schema: RetentionReport }),
  });

/** POST /api/personal-data/retention/{olympiadId}/confirm */
export const useConfirmRetention = () =>
  useMutation({
    mutationFn: (olympiadId: number) =>
      api.post(`/api/personal-data/retention/${olympiadId}/confirm`, { schema: RetentionConfirmed }),
    meta: { invalidates: [learnersKeys.retentionReport.prefix] },
  });

/** DELETE /api/personal-data/retention/{olympiadId}/confirm */
export const useWithdrawRetention = () =>
  useMutation({
    mutationFn: (olympiadId: number) =>
      api.delete(`/api/personal-data/retention/${olympiadId}/confirm`, { schema: Ok }),
    meta: { invalidates: [learnersKeys.retentionReport.prefix] },
  });
