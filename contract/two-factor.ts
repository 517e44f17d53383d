import { z } from 'zod';
import { said } from './messages.js';

/**
 * Two-factor sign-in for staff (decision 106): time-based one-time codes (RFC 6238: six digits, 30-second steps,
 * SHA-1, as every authenticator app reads them) and ten single-use recovery codes.
 */

/** Six digits, as the authenticator app shows them (spaces a person types between the groups are dropped). */
export const TotpCode = z
  .string()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, said('validation.twoFactor.code', 'Enter the six digits your app shows')));

/** A recovery code as handed out: ten letters and digits in two groups of five (`K7QF2-M9XTA`). */
export const RECOVERY_CODE_PATTERN = /^[A-Z2-9]{5}-?[A-Z2-9]{5}$/;

/**
 * The second step of a sign-in (`SigninBody.code`): the six digits of the app, or one unused recovery code. Case,
 * spaces and the dash of a recovery code are forgiven.
 */
export const SigninCode = z.string().trim().min(1).max(40);

/** POST /api/auth/two-factor/setup: a new secret to add to an authenticator app (pending until enabled). */
export const TwoFactorSetup = z.object({
  success: z.literal(true),
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** The `otpauth://totp/…` URI a QR code carries (issuer Olympus, label the username). */
  otpauthUri: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

/** POST /api/auth/two-factor/enable: a code of the pending secret. */
export const TwoFactorEnableBody = z.strictObject({ code: TotpCode });

/** Ten codes, shown once: only their hashes are kept. */
export const TwoFactorRecoveryCodes = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorRecoveryCodes = z.infer<typeof TwoFactorRecoveryCodes>;

/**
 * POST /api/auth/two-factor/disable and …/recovery-codes: proof that the person at the keyboard holds the account
 * now, a current code of the app (or, for a lost phone, one unused recovery code) *and* the password.
 */
export const TwoFactorConfirmBody = z.strictObject({
  password: z.string().min(1, said('validation.signin.password', 'Enter your password')).max(200),
  code: SigninCode,
});

/** GET /api/auth/two-factor: where the signed-in user stands. */
export const TwoFactorStatus = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int(),
  /** Whether the user's role must use it (the system setting `twoFactorRoles`). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const TwoFactorResetParams = z.strictObject({ userId: z.coerce.number().int().positive().max(2_147_483_647) });
