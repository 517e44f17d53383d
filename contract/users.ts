import { z } from 'zod';
import { IdText } from './ids.js';
import { Language } from './olympiads.js';
import { GrantRole } from './roles.js';

/**
 * Staff users (docs/spec.md §7 "GET user/v-rest/"): the overlord's accounts of every staff role. Teachers are
 * managed by the teachers feature and learners by the learners feature; neither appears here. Grants per olympiad
 * are made and taken away through olympiad-grant/v-rest/ (contract/olympiads.ts).
 */
export const staffRoles = ['overlord', 'admin', 'accountant', 'funding'] as const;
export const StaffRole = z.enum(staffRoles);
export type StaffRole = z.infer<typeof StaffRole>;

export const userSorts = ['username', 'name', 'email', 'role', 'createdAt', 'lastSignInAt'] as const;
export const userStatuses = ['active', 'disabled'] as const;

export const UserListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  search: z.string().trim().max(200).optional(),
  sort: z.enum(userSorts).default('username'),
  order: z.enum(['asc', 'desc']).default('asc'),
  role: StaffRole.optional(),
  status: z.enum(userStatuses).optional(),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

export const UserSingleQuery = z.strictObject({ userId: IdText });

/** One olympiad grant of a user, by name. */
export const UserGrant = z.object({
  olympiadId: z.number().int(),
  olympiadName: z.string(),
  olympiadTitle: z.string(),
  role: GrantRole,
});
export type UserGrant = z.infer<typeof UserGrant>;

export const StaffAccount = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  role: StaffRole,
  disabled: z.boolean(),
  disabledAt: z.string().nullable(),
  /** False until the user has chosen a password (through the mailed link). */
  hasPassword: z.boolean(),
  /** Sessions not revoked and not expired. */
  activeSessions: z.number().int(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  grants: z.array(UserGrant),
  /** What the signed-in user may do to this account (the server's policy decides). */
  can: z.object({ edit: z.boolean(), disable: z.boolean(), mail: z.boolean(), endSessions: z.boolean() }),
});
export type StaffAccount = z.infer<typeof StaffAccount>;

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`);

/** Create or edit a staff user. A new user gets a mail with a link to choose a password. */
export const StaffAccountInput = z.strictObject({
  username: text(60)
    .min(3, 'Use at least 3 characters')
    .regex(/^[A-Za-z0-9._@-]+$/, 'Use letters, digits, dots, hyphens, underscores or @'),
  email: z.string().trim().toLowerCase().max(254).email('Enter an email address, e.g. name@example.org'),
  firstName: text(100),
  lastName: text(100),
  role: StaffRole,
});
export type StaffAccountInput = z.infer<typeof StaffAccountInput>;

export const StaffAccountBody = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  user: StaffAccount,
});

/**
 * PUT /api/me/language: the language the signed-in person reads Olympus and its mail in (decision 097), kept on
 * their account so the next sign-in, another device and the mail they are sent follow it.
 */
export const MeLanguageBody = z.strictObject({ language: Language });
export type MeLanguageBody = z.infer<typeof MeLanguageBody>;
export const MeLanguageResult = z.object({ success: z.literal(true), language: Language });
export type MeLanguageResult = z.infer<typeof MeLanguageResult>;
