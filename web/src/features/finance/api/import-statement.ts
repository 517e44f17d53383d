import { useMutation } from '@tanstack/react-query';
import { StatementReport } from '#contract/finance';
import { apiUpload } from '../../../lib/api/index.js';
import { financeKeys } from './keys.js';

export interface StatementUpload {
  olympiadId: number;
  file: File;
  dryRun: boolean;
  format: string;
}

/** POST payment/api/statement?olympiadId&format&dryRun (the dry run saves nothing) */
export const importStatement = ({ olympiadId, file, dryRun, format }: StatementUpload) =>
  apiUpload('/payment/api/statement', file, { query: { olympiadId, dryRun, format }, schema: StatementReport });
export const useImportStatement = () =>
  useMutation({ mutationFn: importStatement, meta: { error: false, invalidates: [financeKeys.all] } });
