import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { InvoiceJob, InvoiceJobAnswer } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

/** POST invoice/api/issue-all?olympiadId&mail */
export function issueAll({ olympiadId, mail }: { olympiadId: number; mail: boolean }) {
  return api.post('/invoice/api/issue-all', { query: { olympiadId, mail }, schema: InvoiceJobAnswer, on401: 'reload' });
}
/**
 * A start is only a start: a neutral note (the answer says how many), and the job as the start answered it (queued)
 * is what the page's progress sees first, so that it sees the job end however fast.
 */
export const useIssueAll = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: issueAll,
    meta: { started: 'Issuing the invoices', error: 'The invoices could not be issued' },
    onSuccess: ({ job }) => client.setQueryData(financeKeys.issueAllJob(job.id), job),
  });
};

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
