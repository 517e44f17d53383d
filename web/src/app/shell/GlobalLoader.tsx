import { VisuallyHidden } from '@mantine/core';
import { useGlobalLoading } from '../../lib/api/index.js';
import classes from './GlobalLoader.module.css';

/** The loader of generic posts (docs/spec.md §4): a bar at the top of the window while they run. */
export function GlobalLoader() {
  const loading = useGlobalLoading();
  return (
    <div role="status" aria-live="polite">
      {loading ? (
        <>
          <div className={classes.bar} />
          <VisuallyHidden>Working…</VisuallyHidden>
        </>
      ) : null}
    </div>
  );
}
