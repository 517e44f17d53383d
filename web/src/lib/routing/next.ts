/**
 * Deep links through sign-in: a page that needs a signed-in user sends a signed-out visitor to
 * `/login?next=<where they were going>`, and signing in takes them there. Only a path of this site is followed
 * (never another origin, a protocol-relative `//host`, a `javascript:` link or /login itself), so a link cannot
 * send a person elsewhere after they typed their password.
 */

/** The `next` of a sign-in link as a path of this site, or null when it is missing or not safe to follow. */
export function safeNext(raw: string | null | undefined, origin: string = window.location.origin): string | null {
  if (!raw || raw.length > 2000 || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login, with where the visitor was going when that is a page worth coming back to. */
export function loginPath(next?: string | null): string {
  const path = safeNext(next);
  return path && path !== '/' ? `/login?next=${encodeURIComponent(path)}` : '/login';
}
