import { Center, Loader } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';

/**
 * Around each page of the app's router. Most pages are chunks of their own (lib/routing/page-chunk.ts): while one
 * loads on the first visit, the layout's frame (header, navigation) stays and a loader stands in the page's place.
 * Between pages the router's transition keeps the last page on screen instead, so this shows on a first load only.
 * The public site's own router (public-site/router.tsx) renders its pages as they are, without it: they are
 * rendered on the server and hydrated, and their pages are not split.
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center py="xl" role="status" aria-label="Loading the page">
          <Loader />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
