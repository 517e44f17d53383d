import os from 'node:os';
import { hash } from '@node-rs/argon2';
import { Piscina } from 'piscina';

/**
 * argon2id with OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane (decision 003).
 * About 11 ms a hash on one core here, so sign-in stays fast on exam day while an offline guess stays costly.
 */
export const hashParameters = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * The learner's 6-digit recovery PIN (decision 012): argon2id with light parameters. A million possible PINs
 * fall to any offline search whatever the cost, so the PIN's protection is the online rate limit; a full
 * password-strength hash here would only halve how many learners can start per second on exam day.
 */
export const pinHashParameters = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 };

/**
 * Generated learner passwords (decision 011) are random and readable, ~33 bits, and sign-in is rate-limited, so they
 * are hashed with a much lighter argon2id (128 KiB, 1 pass: well under 0.1 ms) so that 10,000 learners import in
 * seconds; `verifyPassword` reads the parameters from the hash, so sign-in is unchanged. It lives here, below the
 * features, because the learner import and the seed's bench data both hash with it.
 */
export const generatedHashParameters = { algorithm: 2, memoryCost: 128, timeCost: 1, parallelism: 1 } as const;
export const hashGeneratedPassword = (password: string) => hash(password, generatedHashParameters);

type HashOptions = typeof hashParameters & { salt?: Uint8Array };

/**
 * Hashing runs on its own pool of worker threads, one a core (decision 018), not on libuv's thread pool:
 * that pool's size cannot be set from inside an ES module (the loader has started it before any of our code
 * runs), and during a sign-in storm its queue would hold file reads behind hundreds of 11 ms hashes.
 * Created on first use; its threads are unref'd so they never keep a process alive.
 */
let pool: Piscina | undefined;
export const hashingThreads = Math.max(1, Number(process.env.HASH_THREADS) || os.availableParallelism());

function hashingPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./password-worker.mjs', import.meta.url).href,
    minThreads: hashingThreads,
    maxThreads: hashingThreads,
    // Each worker holds a few tasks in its own inbox, so it starts the next hash the moment one ends instead
    // of idling until the event loop hands it one (the hashes still run one at a time on each thread).
    concurrentTasksPerWorker: 4,
    idleTimeout: 60_000,
  });
  return pool;
}

export const hashWith = (password: string, options: HashOptions): Promise<string> =>
  hashingPool().run({ password, options }, { name: 'hash' });

export const hashPassword = (password: string): Promise<string> => hashWith(password, hashParameters);

export const verifyPassword = (stored: string, password: string): Promise<boolean> =>
  hashingPool().run({ stored, password }, { name: 'verify' });

/**
 * A PIN's hash; with `salt` (16 bytes), the same PIN and salt give the same hash, so a PIN sent back can be
 * matched in SQL without reading the stored hash first (the recovery-PIN confirmation, decision 049). The hash
 * is an ordinary argon2id string either way, and `verifyPassword` reads its salt from it.
 */
export const hashPin = (pin: string, salt?: Uint8Array): Promise<string> =>
  hashWith(pin, salt ? { ...pinHashParameters, salt } : pinHashParameters);
