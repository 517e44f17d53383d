import { downloadFile } from '../../../lib/api/index.js';

/** GET payment/api/dashboard.xlsx and purchase-order/api/export.xlsx */
export const downloadDashboard = (olympiadId: number) =>
  downloadFile('/payment/api/dashboard.xlsx', `payments-dashboard.xlsx`, { olympiadId });
export const downloadOrders = (olympiadId: number) =>
  downloadFile('/purchase-order/api/export.xlsx', `purchase-orders.xlsx`, { olympiadId });
