import { createHmac } from 'node:crypto';

/**
 * The personal unsubscribe ref of one mass-mail message: an HMAC under APP_SECRET of the mailing and the
 * address, so it cannot be guessed or forged, and is the same if a mailing is re-queued to an address.
 */
export function unsubscribeRef(secret: string, massMailId: number, email: string): string {
  return createHmac('sha256', secret)
    .update(`unsubscribe:${massMailId}:${email.toLowerCase()}`)
    .digest('base64url')
    .slice(0, 32);
}

/** a***@example.org: enough for a person to recognise their address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, Math.min(6, local.length - 1)))}@${domain}`;
}
