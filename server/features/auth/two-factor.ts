import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * The pieces of two-factor sign-in (decision 106) that need no database: the time-based codes of RFC 6238 (through
 * the `otpauth` library: six digits, 30-second steps, SHA-1, which every authenticator app reads), the secret sealed
 * for storage, and the recovery codes with their keyed hashes.
 */

const ISSUER = 'Olympus';
/** A code of the step before or after the current one is taken too: a phone's clock a little off, a slow typist. */
const WINDOW = 1;

const totpOf = (secret: string, username: string) =>
  new TOTP({ issuer: ISSUER, label: username, secret: Secret.fromBase32(secret), digits: 6, period: 30 });

/** A new random secret (160 bits, the size RFC 4226 recommends), as base32. */
export const newSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://totp/Olympus:<username>?…` URI an authenticator app scans. */
export const otpauthUri = (secret: string, username: string): string => totpOf(secret, username).toString();

/**
 * The time step a code belongs to, when it is a code of this secret within the window around `now`; else null.
 * The caller accepts it only when the step is later than the last one accepted (no code is taken twice).
 */
export function codeStep(secret: string, code: string, now = Date.now()): number | null {
  const totp = totpOf(secret, 'check');
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta == null ? null : totp.counter({ timestamp: now }) + delta;
}

/** Six digits (spaces dropped) is a code of the app; anything else is tried as a recovery code. */
export const asTotpCode = (code: string): string | null => {
  const digits = code.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
};

/**
 * The secret at rest: AES-256-GCM under a key derived from APP_SECRET (as the learner's slip password), so a copy of
 * the database alone (a backup, a dump) gives no codes. Changing APP_SECRET makes the stored secrets unreadable:
 * enrolled users then sign in with a recovery code or have the overlord reset their two-factor sign-in.
 */
const keyOf = (appSecret: string) => createHash('sha256').update(`two-factor:${appSecret}`).digest();

export function sealSecret(appSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The secret, or null when it cannot be opened (another APP_SECRET, a damaged value). */
export function openSecret(appSecret: string, sealed: string | null): string | null {
  if (!sealed?.startsWith('v1.')) return null;
  try {
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODES = 10;

/** Ten recovery codes, `K7QF2-M9XTA` (10 characters of 31: about 49 bits each). */
export function newRecoveryCodes(): string[] {
  const one = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]!).join('');
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODES) codes.add(one());
  return [...codes].map((c) => `${c.slice(0, 5)}-${c.slice(5)}`);
}

/**
 * What is kept of a recovery code: an HMAC under APP_SECRET of the code without case, spaces or dash. A code has
 * about 49 random bits and is tried only under the sign-in throttle, so a keyed hash is enough (no slow hash), and it
 * lets the code be found and used up in one statement.
 */
export const recoveryCodeHash = (appSecret: string, code: string): string =>
  createHmac('sha256', appSecret)
    .update(`recovery:${code.toUpperCase().replace(/[^A-Z0-9]/g, '')}`)
    .digest('base64url');
