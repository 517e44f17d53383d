import { useSyncExternalStore } from 'react';
import type { SessionUser } from '#contract/index';
import { getUser, SESSION_EVENT } from './storage.js';

function subscribe(onChange: () => void) {
  window.addEventListener(SESSION_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(SESSION_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The signed-in user, re-rendering when they sign in, out or switch (impersonation). */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, getUser, () => null);
}
