import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { pageOf } from '#contract/errors';
import {
  Payment,
  type PaymentInput,
  PaymentSaved,
  PaymentsDashboard,
  StatementLine,
  StatementReport,
} from '#contract/finance';
import { api, apiUpload, downloadFile } from '../../../lib/api/index.js';
import { financeKeys, type ScopedList } from './keys.js';

/** GET payment/api/?olympiadId&purchaseOrderId */
export const usePayments = (params: ScopedList) =>
  useQuery({
    queryKey: financeKeys.payments(params),
    queryFn: () => api.get('/payment/api/', { query: { ...params }, schema: pageOf(Payment), on401: 'reload' }),
    placeholderData: keepPreviousData,
    enabled: params.olympiadId != null,
  });

/** POST payment/api/ */
export const recordPayment = (body: PaymentInput) => api.post('/payment/api/', { body, schema: PaymentSaved });
export const useRecordPayment = () =>
  useMutation({
    mutationFn: recordPayment,
    meta: { success: 'Recorded', error: false, invalidates: [financeKeys.all] },
  });

/** DELETE payment/api/{id}?reason */
export const reversePayment = ({ id, reason }: { id: number; reason: string }) =>
  api.delete(`/payment/api/${id}`, { query: { reason }, schema: PaymentSaved });
export const useReversePayment = () =>
  useMutation({ mutationFn: reversePayment, meta: { success: 'Reversed', invalidates: [financeKeys.all] } });

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

/** GET payment/api/statement-lines?olympiadId (the unmatched ones) */
export const useStatementLines = (olympiadId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: financeKeys.statementLines(olympiadId),
    queryFn: () =>
      api.get('/payment/api/statement-lines', { query: { olympiadId, pageSize: 200 }, schema: pageOf(StatementLine) }),
    enabled: enabled && olympiadId != null,
  });

/** PUT payment/api/statement-lines/{id}/match?purchaseOrderId */
export const matchLine = ({ id, purchaseOrderId }: { id: number; purchaseOrderId: number }) =>
  api.put(`/payment/api/statement-lines/${id}/match`, { query: { purchaseOrderId }, schema: PaymentSaved });
export const useMatchLine = () =>
  useMutation({ mutationFn: matchLine, meta: { success: 'Matched', invalidates: [financeKeys.all] } });

/** PUT payment/api/statement-lines/{id}/ignore */
export const ignoreLine = (id: number) =>
  api.put(`/payment/api/statement-lines/${id}/ignore`, {
    schema: z.object({ success: z.literal(true), message: z.string() }),
  });
export const useIgnoreLine = () =>
  useMutation({
    mutationFn: ignoreLine,
    meta: { success: 'Set aside', invalidates: [financeKeys.statementLines.prefix] },
  });

/** GET payment/api/dashboard?olympiadId */
export const useDashboard = (olympiadId: number | undefined) =>
  useQuery({
    queryKey: financeKeys.dashboard(olympiadId),
    queryFn: () => api.get('/payment/api/dashboard', { query: { olympiadId }, schema: PaymentsDashboard }),
    enabled: olympiadId != null,
  });

/** GET payment/api/dashboard.xlsx and purchase-order/api/export.xlsx */
export const downloadDashboard = (olympiadId: number) =>
  downloadFile('/payment/api/dashboard.xlsx', `payments-dashboard.xlsx`, { olympiadId });
export const downloadOrders = (olympiadId: number) =>
  downloadFile('/purchase-order/api/export.xlsx', `purchase-orders.xlsx`, { olympiadId });
