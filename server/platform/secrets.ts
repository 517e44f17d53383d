import { createHmac, randomBytes } from 'node:crypto';

/** A new random token for a session or a one-time link (256 bits, URL-safe). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token: an HMAC under APP_SECRET, never the token itself. */
export const tokenHash = (secret: string, token: string): string =>
  createHmac('sha256', secret).update(token).digest('base64url');
