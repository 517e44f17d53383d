import { z } from 'zod';
import { figure } from './numbers.js';

/**
 * System config (docs/spec.md §7 "GET api/system-config/"): the runtime settings the overlord changes without a
 * restart (decision 036), and the environment's settings shown read-only with secrets masked.
 */
const whole = (min: number, max: number) =>
  z
    .number()
    .int('Use a whole number')
    .min(min, `Use at least ${min}`)
    .max(max, `Use at most ${figure(max)}`);
const seconds = (max: number) => z.number().min(0.1, 'Use at least 0.1').max(max, `Use at most ${max}`);

/** The environment puts no ceiling on these (server/config.ts), so neither do the settings beyond int4. */
const MAX = 1_000_000_000;

/** Sign-in and password-reset throttle settings (platform/throttle.ts, decisions 024 and 064). */
export const SigninLimits = z
  .strictObject({
    signinFailuresPerAccount: whole(1, MAX),
    signinFailuresPerAddress: whole(1, MAX),
    signinFailuresAcrossAddresses: whole(1, MAX),
    signinWindowMinutes: whole(1, MAX),
    signinDelaySeconds: seconds(MAX),
    signinMaxDelaySeconds: seconds(MAX),
    forgotPerAccount: whole(1, MAX),
    forgotPerAddress: whole(1, MAX),
  })
  .refine((l) => l.signinMaxDelaySeconds >= l.signinDelaySeconds, {
    path: ['signinMaxDelaySeconds'],
    message: 'The longest delay cannot be shorter than the first delay',
  })
  .refine((l) => l.signinFailuresAcrossAddresses >= l.signinFailuresPerAddress, {
    path: ['signinFailuresAcrossAddresses'],
    message: 'Allow at least as many attempts from all addresses as from one',
  });
export type SigninLimits = z.infer<typeof SigninLimits>;

/** The roles two-factor sign-in can be required of: every staff role (a learner never enrols). */
export const TwoFactorRole = z.enum(['overlord', 'admin', 'accountant', 'funding', 'teacher']);
export type TwoFactorRole = z.infer<typeof TwoFactorRole>;
export const TWO_FACTOR_ROLES = TwoFactorRole.options;

export const RuntimeSettings = z.strictObject({
  /** Where people are told to write for help; also where the platform's contact form goes. */
  supportEmail: z.string().trim().toLowerCase().max(254).email('Enter an email address, e.g. help@example.org'),
  /** The mail sender's site-wide rate. */
  mailRatePerMinute: whole(1, MAX),
  limits: SigninLimits,
  /** Shown at the top of every page while it is not empty. */
  maintenanceBanner: z.string().trim().max(500, 'Use at most 500 characters'),
  /**
   * The staff roles that must sign in with two-factor sign-in (decision 106): none unless chosen; the overlord is
   * recommended. A user of such a role without it gets a session good only for enrolling.
   */
  twoFactorRoles: z.array(TwoFactorRole).max(TWO_FACTOR_ROLES.length).default([]),
});
export type RuntimeSettings = z.infer<typeof RuntimeSettings>;

/** One environment setting as the overlord sees it: a secret's value never leaves the server. */
export const EnvironmentSetting = z.object({
  name: z.string(),
  /** The value in effect; null for a secret (masked) or an unset optional setting. */
  value: z.string().nullable(),
  secret: z.boolean(),
  /** Whether the variable is set in the environment (else the default applies). */
  set: z.boolean(),
});
export type EnvironmentSetting = z.infer<typeof EnvironmentSetting>;

export const SystemConfigBody = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  settings: RuntimeSettings,
  /** The environment's values, which apply to any setting never saved here. */
  defaults: RuntimeSettings,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** How often each server process reads the settings again. */
  refreshSeconds: z.number(),
  environment: z.array(EnvironmentSetting),
});
export type SystemConfigBody = z.infer<typeof SystemConfigBody>;

/** What every page may read: the maintenance banner and the support address. */
export const PublicSystemConfig = z.object({
  success: z.literal(true),
  maintenanceBanner: z.string().nullable(),
  supportEmail: z.string(),
});
export type PublicSystemConfig = z.infer<typeof PublicSystemConfig>;
