import { useQuery } from '@tanstack/react-query';
import { pageOf } from '#contract/errors';
import { StatementLine } from '#contract/finance';
import { api } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

/** GET payment/api/statement-lines?olympiadId (the unmatched ones) */
export const useStatementLines = (olympiadId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: financeKeys.statementLines(olympiadId),
    queryFn: () =>
      api.get('/payment/api/statement-lines', { query: { olympiadId, pageSize: 200 }, schema: pageOf(StatementLine) }),
    enabled: enabled && olympiadId != null,
  });
