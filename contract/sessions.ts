import { z } from 'zod';

/**
 * A signed-in session as its owner (GET /api/auth/sessions) and the overlord (GET /user/v-rest/{id}/sessions) see
 * it. `browser` and `os` are read from the user agent the session signed in with (null when not recognised);
 * `lastSeenAt` is kept to the minute and is the sign-in time until the session is used again (decision 107).
 */
export const SignedInSession = z.object({
  id: z.number().int(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  address: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** The session making this request. */
  current: z.boolean(),
  /** Opened by someone acting as the user (an admin or the overlord): their name; null for the user's own. */
  impersonatedBy: z.string().nullable(),
});
export type SignedInSession = z.infer<typeof SignedInSession>;

export const SignedInSessions = z.object({ success: z.literal(true), sessions: z.array(SignedInSession) });
export type SignedInSessions = z.infer<typeof SignedInSessions>;

/** What ending sessions answers: how many ended (0 when they had ended already). */
export const SessionsEnded = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  ended: z.number().int(),
});
export type SessionsEnded = z.infer<typeof SessionsEnded>;
