import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

const Overview = lazy(() => import('./OverviewPage.js').then((m) => ({ default: m.OverviewPage })));

/** The overlord's overview, fetched when opened: its charts library stays out of every other page's bundle. */
export function OverviewRoute() {
  return (
    <Suspense fallback={<Skeleton height={300} />}>
      <Overview />
    </Suspense>
  );
}
