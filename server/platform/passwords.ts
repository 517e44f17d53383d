import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane (decision 003).
 * About 8 ms a hash here, so sign-in stays fast on exam day while an offline guess stays costly.
 */
export const hashParameters = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string): Promise<string> => hash(password, hashParameters);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * The learner's 6-digit recovery PIN (decision 012): argon2id with light parameters. A million possible PINs
 * fall to any offline search whatever the cost, so the PIN's protection is the online rate limit; a full
 * password-strength hash here would only halve how many learners can start per second on exam day.
 */
export const pinHashParameters = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 };

export const hashPin = (pin: string): Promise<string> => hash(pin, pinHashParameters);
