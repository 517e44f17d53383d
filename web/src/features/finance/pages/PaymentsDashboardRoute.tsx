import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

const Dashboard = lazy(() => import('./PaymentsDashboardPage.js').then((m) => ({ default: m.PaymentsDashboardPage })));

/** The Payments-Dashboard, fetched when opened: its charts library stays out of every other page's bundle. */
export function PaymentsDashboardRoute() {
  return (
    <Suspense fallback={<Skeleton height={300} />}>
      <Dashboard />
    </Suspense>
  );
}
