import { z } from 'zod';
import { said } from './messages.js';
import { IdText } from './ids.js';
import { Language } from './olympiads.js';
import { GrantRole, LoginType, Role } from './roles.js';

/** Passwords are taken exactly as typed: any character, no trimming, so `%`, quotes and unicode round-trip. */
export const Password = z
  .string()
  .min(8, said('validation.password.min', 'Use at least 8 characters'))
  .max(200, said('validation.password.max', 'Use at most 200 characters'));

/** POST /api/auth/signin (docs/spec.md §3 "Login payload"). */
export const SigninBody = z.strictObject({
  username: z.string().trim().min(1, said('validation.signin.username', 'Enter your username')).max(120),
  password: z.string().min(1, said('validation.signin.password', 'Enter your password')).max(200),
  olympiadName: z.string().trim().max(60).optional().nullable(),
  loginType: LoginType.default('staff'),
  /**
   * The second step for an account with two-factor sign-in (decision 106): the six digits of the authenticator app,
   * or one unused recovery code. Without it such an account is answered 401 `two_factor_required`.
   */
  code: z.string().trim().min(1).max(40).optional(),
});
export type SigninBody = z.infer<typeof SigninBody>;

export const Grant = z.object({
  olympiadId: z.number().int(),
  olympiadName: z.string(),
  olympiadTitle: z.string(),
  role: GrantRole,
});
export type Grant = z.infer<typeof Grant>;

/**
 * The session user: the whole sign-in response, stored by the client under the browser-storage key
 * `user` (docs/spec.md §3). `accessToken.token` is the bearer.
 */
export const SessionUser = z.object({
  success: z.literal(true),
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: Role,
  /** Learners: the olympiad they write. */
  olympiadId: z.number().int().nullable(),
  olympiadName: z.string().nullable(),
  /** Teachers and learners: their school. */
  schoolId: z.number().int().nullable(),
  /** Admin, accountant and funding: the olympiads they are granted. */
  grants: z.array(Grant),
  /** Where this user lands after signing in. */
  home: z.string(),
  /** Set when an admin or overlord acts as this user. */
  impersonator: z.object({ id: z.number().int(), username: z.string(), name: z.string() }).nullable(),
  accessToken: z.object({ token: z.string(), expiresAt: z.string() }),
  /**
   * The language the person reads Olympus and its mail in (PUT /api/me/language); null until they choose. The
   * server always answers it; a session a browser stored before it existed lacks it, so it is optional here.
   */
  language: Language.nullable().optional(),
  /**
   * Present (true) only on a session limited to enrolling in two-factor sign-in: the user's role must use it and they
   * have not set it up yet (decision 106). `home` is then the enrolment page.
   */
  twoFactorEnrolment: z.literal(true).optional(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/**
 * POST /api/auth/signin's other answer (202), for a learner only (decision 053): their olympiad's waiting room has a
 * queue, so the learner takes their place in it before the password is checked, and nothing else happens yet (no
 * session, no attempt counted). The page shows the place, polls `GET /api/sitting/{olympiadName}/queue?pass=…`
 * (contract/sitting.ts `QueueQuery`, answered as `WaitingRoomPlace`) and, once admitted, signs in again with the
 * same details: then the password is checked and the session starts.
 */
export const SigninQueued = z.object({
  success: z.literal(true),
  queued: z.literal(true),
  message: z.string(),
  /** What the poll shows: signed by the server, it names the olympiad, the learner and their place. */
  pass: z.string(),
  /** How many are to be admitted before this learner, themselves included. */
  position: z.number().int(),
  /** About how long, at the rate in force; null while admission is paused. */
  estimateSeconds: z.number().int().nullable(),
});
export type SigninQueued = z.infer<typeof SigninQueued>;

export const SetPasswordBody = z.strictObject({ password: Password });
export const SetLearnerPasswordBody = z.strictObject({ password: Password });

export const ForgotPasswordParams = z.strictObject({ username: z.string().trim().min(1).max(120) });
export const ForgotPasswordQuery = z.strictObject({ olympiadName: z.string().trim().max(60).optional() });

export const ImpersonateQuery = z.strictObject({
  olympiadId: IdText.optional(),
  userEmail: z.string().trim().min(1).max(200),
});

/** POST website/api/verify-email/{token} answers a short session so the page can set a password. */
export const VerifyEmailResult = z.object({
  success: z.literal(true),
  message: z.string(),
  purpose: z.enum(['verify_email', 'reset_password']),
  user: SessionUser,
});

export const Health = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
/** Readiness for a load balancer: the database answers and every migration of this release is applied. */
export const Ready = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.number().int(),
});
