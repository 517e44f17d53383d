import os from 'node:os';

/**
 * Size libuv's thread pool to the machine's cores (at least 2) before anything uses it. Password hashing
 * (argon2 on that pool) is what sign-in waits for; more hashing threads than cores only adds switching
 * between them and takes CPU from the event loop. An explicit UV_THREADPOOL_SIZE wins. Import this first.
 */
process.env.UV_THREADPOOL_SIZE ??= String(Math.max(2, os.availableParallelism()));
