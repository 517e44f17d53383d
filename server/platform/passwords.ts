import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane (decision 003).
 * About 8 ms a hash here, so sign-in stays fast on exam day while an offline guess stays costly.
 */
export const hashParameters = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, hashParameters);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
