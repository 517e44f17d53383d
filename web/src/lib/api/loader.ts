import { useSyncExternalStore } from 'react';
import { LOADER_HIDE_DELAY_MS } from './messages.js';

/** The global loader: shown when a generic post starts, hidden 500 ms after it finishes (docs/spec.md §4, §9). */
let pending = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function startLoading() {
  pending += 1;
  emit();
}

export function stopLoadingSoon() {
  setTimeout(() => {
    pending = Math.max(0, pending - 1);
    emit();
  }, LOADER_HIDE_DELAY_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useGlobalLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}
