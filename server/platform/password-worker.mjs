// The password-hashing worker (decision 018). Plain JavaScript so that it runs the same under tsx, vitest
// and node without a TypeScript loader in the worker thread. Each call blocks this worker only.
import { hashSync, verifySync } from '@node-rs/argon2';

/** @param {{ password: string, options: import('@node-rs/argon2').Options }} task */
export function hash({ password, options }) {
  return hashSync(password, options);
}

/** @param {{ stored: string, password: string }} task */
export function verify({ stored, password }) {
  try {
    return verifySync(stored, password);
  } catch {
    return false; // not an argon2 hash: no match
  }
}
