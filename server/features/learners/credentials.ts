import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';

/**
 * Generated learner credentials (decision 011).
 *  - Usernames: readable, e.g. `tmokoena417`; unique per olympiad (checked against the database).
 *  - Passwords: readable syllables and digits, e.g. `kabe-mutu-47` (~33 bits, random, sign-in is rate-limited).
 *  - They are hashed with a much lighter argon2id than chosen passwords (`hashGeneratedPassword` in
 *    server/platform/passwords.ts, shared with the seed's bench data).
 *  - The first password is kept encrypted (AES-256-GCM under APP_SECRET) for re-printing the slips, together
 *    with a digest of its hash: once the password is changed, the slip no longer shows it.
 */
const consonants = 'bdfghkmnprstvz';
const vowels = 'aeiu';
const syllable = () => consonants[randomInt(consonants.length)]! + vowels[randomInt(vowels.length)]!;

export const generatePassword = () => `${syllable()}${syllable()}-${syllable()}${syllable()}-${randomInt(20, 100)}`;

/** Letters only, no accents, lower case: "Zoë O'Neill" → "zoe", "oneill". */
export const asciiFold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

export function usernameBase(firstName: string, lastName: string): string {
  const base = `${asciiFold(firstName).slice(0, 1)}${asciiFold(lastName)}`.slice(0, 10);
  return base.length >= 2 ? base : `learner${base}`;
}

export const usernameCandidate = (base: string) => `${base}${randomInt(100, 1000)}`;

const keyOf = (secret: string) => createHash('sha256').update(`learner-slip:${secret}`).digest();
export const hashDigest = (passwordHash: string) =>
  createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);

export function sealSlipPassword(secret: string, password: string, passwordHash: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([
    cipher.update(JSON.stringify({ p: password, h: hashDigest(passwordHash) }), 'utf8'),
    cipher.final(),
  ]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The first password, if it is still the learner's password; else null. */
export function openSlipPassword(secret: string, sealed: string | null, currentHash: string | null): string | null {
  if (!sealed || !currentHash) return null;
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const { p, h } = JSON.parse(json) as { p: string; h: string };
    return h === hashDigest(currentHash) ? p : null;
  } catch {
    return null;
  }
}
