import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

const Results = lazy(() => import('./ResultsPage.js').then((m) => ({ default: m.ResultsPage })));

/** Results and awards, fetched when opened: its charts library stays out of every other page's bundle. */
export function ResultsRoute() {
  return (
    <Suspense fallback={<Skeleton height={300} />}>
      <Results />
    </Suspense>
  );
}
