/**
 * The address the product prints for people to reach it (PUBLIC_URL: on certificates, sign-in slips and in mail),
 * and whether it is one only this machine reaches. `npm start` defaults it to http://localhost:$PORT, so a
 * certificate made before anyone set it says "verify at localhost:3000" to everyone who reads it: pages that print
 * the address warn while it is local, from this one answer, never from the browser's own address.
 */
export interface PublicAddress {
  /** The origin as printed, without a trailing slash (`https://olympiad.example.org`). */
  url: string;
  /** It names this machine (localhost, *.localhost, 127.x.x.x, ::1, 0.0.0.0): nobody else can open it. */
  local: boolean;
}

export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '::1' ||
    host === '0.0.0.0' ||
    host === '::'
  );
}

export function publicAddress(publicUrl: string): PublicAddress {
  const url = publicUrl.replace(/\/+$/, '');
  let local = false;
  try {
    local = isLocalHost(new URL(url).hostname);
  } catch {
    // config.ts accepts only absolute URLs; an unreadable one is left to it.
  }
  return { url, local };
}
