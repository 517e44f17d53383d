import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { InvoiceJob, InvoiceJobAnswer } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

/** POST invoice/api/issue-all?olympiadId&mail */
export function issueAll({ olympiadId, mail }: { olympiadId: number; mail: boolean }) {
  return api.post('/invoice/api/issue-all', { query: { olympiadId, mail }, schema: InvoiceJobAnswer, on401: 'reload' });
}
export const useIssueAll = () => useMutation({ mutationFn: issueAll, meta: { success: 'Started' } });

const finished = (job: InvoiceJob | undefined) => job?.status === 'done' || job?.status === 'failed';

/** GET invoice/api/issue-all/{jobId}, polled until done; done refreshes the finance lists. */
export function useIssueAllJob(jobId: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: financeKeys.issueAllJob(jobId),
    queryFn: async () => {
      const { job } = await api.get(`/invoice/api/issue-all/${jobId}`, {
        schema: z.object({ success: z.literal(true), job: InvoiceJob }),
      });
      if (finished(job)) await client.invalidateQueries({ queryKey: financeKeys.purchaseOrders.prefix });
      return job;
    },
    enabled: jobId != null,
    refetchInterval: (query) => (finished(query.state.data) ? false : 700),
  });
}
