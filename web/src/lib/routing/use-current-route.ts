import { useMatches } from 'react-router';
import type { AppRoute } from './types.js';

function isAppRoute(handle: unknown): handle is AppRoute {
  return typeof handle === 'object' && handle !== null && 'id' in handle && 'access' in handle;
}

/** The route-table entry of the page being shown (its `handle`), if any. */
export function useCurrentRoute(): AppRoute | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isAppRoute(handle)) return handle;
  }
  return null;
}
