import { z } from 'zod';
import { said } from './messages.js';

/** Field schemas several contracts share (schools, teachers). */

/** Optional text up to `max` characters: trimmed, and an empty answer is stored as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** An email address, trimmed and in lower case. */
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .email(said('validation.email', 'Enter a valid email address'))
  .max(200);
