import type { SessionUser } from '#contract/index';
import { isSessionUser } from './user-shape.js';

/** Browser-storage keys (docs/spec.md §3). */
export const USER_KEY = 'user';
export const IMPERSONATOR_KEY = 'impersonator-user';
/** Fired in this tab whenever the stored session changes; `storage` covers other tabs. */
export const SESSION_EVENT = 'olympus-session';

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const part = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  if (!part) return null;
  try {
    return decodeURIComponent(part.slice(prefix.length));
  } catch {
    return null;
  }
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSessionUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

let cache: { raw: string | null; user: SessionUser | null } = { raw: null, user: null };

/** The stored user: localStorage `user`, else the cookie `user` (docs/spec.md §3). */
export function getUser(): SessionUser | null {
  // The server's render of a public page (decision 047) has no browser storage: no one is signed in there.
  if (typeof localStorage === 'undefined') return null;
  const raw = localStorage.getItem(USER_KEY) ?? readCookie(USER_KEY);
  if (raw !== cache.raw) cache = { raw, user: parseUser(raw) };
  return cache.user;
}

/** The bearer token of the stored user, if any. */
export function getToken(): string | null {
  return getUser()?.accessToken.token ?? null;
}

function changed() {
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** Stores the whole sign-in response as it came (docs/spec.md §7). */
export function storeUser(user: unknown) {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  changed();
}

export function clearUser() {
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(IMPERSONATOR_KEY);
  if (readCookie(USER_KEY) !== null) document.cookie = `${USER_KEY}=; Max-Age=0; path=/`;
  changed();
}

export function getImpersonatorUser(): SessionUser | null {
  return parseUser(localStorage.getItem(IMPERSONATOR_KEY));
}

export function storeImpersonatorUser(user: SessionUser | null) {
  if (user) localStorage.setItem(IMPERSONATOR_KEY, JSON.stringify(user));
  else localStorage.removeItem(IMPERSONATOR_KEY);
  changed();
}
