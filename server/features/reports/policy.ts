import { definePolicy } from '../../http/policy.js';

/** An olympiad as the reports read it; `olympiadId` null is every olympiad together (the overlord's overview). */
export interface ReportRecord {
  olympiadId: number | null;
}

const capabilities = {
  /** One olympiad's overview, graph data and feedback: its admins (and the overlord). */
  read: ['overlord', 'admin'],
  /** The overview across every olympiad. */
  readAll: ['overlord'],
  /** The landing pages' user data: the staff, each for the sections they work in. */
  dashboard: ['overlord', 'admin', 'accountant', 'funding'],
  dashboardOverlord: ['overlord'],
  dashboardAdmin: ['overlord', 'admin'],
  dashboardFinance: ['overlord', 'accountant'],
  dashboardFunding: ['overlord', 'funding'],
} as const;

/**
 * Reports (docs/spec.md §2 reports/overview and reports/feedback, §7 reports/overview, graph-data,
 * dashboard/user; decision 038): an admin reads their own olympiad's; the overlord every olympiad's and the
 * overview across all of them.
 */
export const reportsPolicy = definePolicy({
  capabilities,
  rule(_actor, action, r: ReportRecord, holds) {
    switch (action) {
      case 'read':
        return r.olympiadId != null && holds.olympiad(r.olympiadId);
      case 'readAll':
        return r.olympiadId == null;
      case 'dashboard':
      case 'dashboardOverlord':
      case 'dashboardAdmin':
      case 'dashboardFinance':
      case 'dashboardFunding':
        return r.olympiadId == null || holds.olympiad(r.olympiadId);
    }
  },
});
