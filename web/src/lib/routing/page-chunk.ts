import { type ComponentType, lazy } from 'react';

/**
 * A page in a chunk of its own, fetched the first time its route is opened (React's `lazy`; the layouts hold the
 * Suspense boundary). The staff app's first load then carries the shell and the page it opens, not every page and
 * the chart library: the first paint of any page comes sooner, on a school's slow line above all.
 *
 *   const SchoolsPage = pageChunk(() => import('./pages/SchoolsPage.js'), 'SchoolsPage');
 */
export function pageChunk<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): ComponentType {
  return lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
}
