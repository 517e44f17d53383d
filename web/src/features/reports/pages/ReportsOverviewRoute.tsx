import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

const Overview = lazy(() => import('./ReportsOverviewPage.js').then((m) => ({ default: m.ReportsOverviewPage })));
const Feedback = lazy(() => import('./FeedbackPage.js').then((m) => ({ default: m.FeedbackPage })));

/** The report overview, fetched when opened: its charts library stays out of every other page's bundle. */
export function ReportsOverviewRoute() {
  return (
    <Suspense fallback={<Skeleton height={300} />}>
      <Overview />
    </Suspense>
  );
}

/** The feedback report, fetched when opened (its charts as well). */
export function FeedbackRoute() {
  return (
    <Suspense fallback={<Skeleton height={300} />}>
      <Feedback />
    </Suspense>
  );
}
