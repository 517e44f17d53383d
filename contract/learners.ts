import { z } from 'zod';
import { said } from './messages.js';
import { Id, IdText } from './ids.js';
import { pageOf, PageQuery } from './errors.js';
import { PublicAddress } from './public-address.js';
import { Grade } from './grades.js';

/** Learners of a school in an olympiad, loaded one by one or from a spreadsheet. */

/** A date of birth (YYYY-MM-DD), asked of a country's team members (decision 039); empty means not given. */
export const DateOfBirth = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, said('validation.date.ymd', 'Enter the date as YYYY-MM-DD'))
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    said('validation.date.exists', 'This date does not exist'),
  )
  .refine(
    (d) => d >= '1900-01-01' && d <= new Date().toISOString().slice(0, 10),
    said('validation.date.birthPast', 'Enter a date of birth in the past'),
  )
  .or(z.literal('').transform(() => null))
  .nullable()
  .optional();

export const LearnerInput = z.strictObject({
  firstName: z.string().trim().min(1, said('validation.name.first', 'Enter the first name')).max(100),
  lastName: z.string().trim().min(1, said('validation.name.last', 'Enter the surname')).max(100),
  grade: Grade,
  dateOfBirth: DateOfBirth,
});

/**
 * The person loading learners confirms that the school holds the consent of a parent or guardian for each of them
 * (decision 109): `true` records it, one record per learner. Optional on the API (older clients and outside checks
 * load without it, and no record is kept); the portal's forms require it.
 */
export const ConsentConfirmed = z.literal(true).optional();
/** The same confirmation in a query string (an upload's body is its file). */
export const ConsentConfirmedQuery = z.literal('true').optional();

export const NewLearnerBody = LearnerInput.extend({
  olympiadId: Id,
  /** Teachers: their own school (may be left out). Admins: the school to add to. */
  schoolId: Id.optional(),
  consentConfirmed: ConsentConfirmed,
}).strict();

export const Learner = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  grade: z.number().int().nullable(),
  dateOfBirth: z.string().nullable(),
  schoolId: z.number().int().nullable(),
  schoolName: z.string().nullable(),
  olympiadId: z.number().int(),
  /** Is the generated first password still the learner's password (so a slip can show it)? */
  hasSlipPassword: z.boolean(),
  /** Was the school's holding of a parent's or guardian's consent confirmed when the learner was loaded? */
  consentRecorded: z.boolean(),
  /** What the caller may do with this learner (from the learners policy; the web derives no role rule). */
  can: z.object({ update: z.boolean(), delete: z.boolean(), setPassword: z.boolean() }),
});
export type Learner = z.infer<typeof Learner>;

/**
 * GET /learner/v-rest/: a page of learners, and the address their sign-in slips print (PUBLIC_URL): while it is local
 * the slips send learners to an address their own devices cannot open, and the page says so.
 */
export const LearnerPage = pageOf(Learner).extend({ publicAddress: PublicAddress });
export type LearnerPage = z.infer<typeof LearnerPage>;

export const learnerSorts = ['lastName', 'firstName', 'grade', 'username', 'schoolName'] as const;
export const LearnerListQuery = PageQuery.extend({
  olympiadId: IdText,
  schoolId: IdText.optional(),
  sort: z.enum(learnerSorts).optional(),
  /** `missing`: only learners loaded without the consent confirmation; `recorded`: only those with it. */
  consent: z.enum(['missing', 'recorded']).optional(),
}).strict();

/** Where an import, a template or slips are for: the olympiad, and the school (admins name it). */
export const LearnerScopeQuery = z.strictObject({
  olympiadId: IdText,
  schoolId: IdText.optional(),
});
/** An upload of learners: the place, and the consent confirmation for every learner in the file. */
export const ImportQuery = LearnerScopeQuery.extend({ consentConfirmed: ConsentConfirmedQuery }).strict();
/** Starting a held import: the consent confirmation for every learner in it (optional, as for every load). */
export const StartImportBody = z.strictObject({ consentConfirmed: ConsentConfirmed }).optional();

/** GET /learner/v-rest/consent-count: how many of an olympiad's (or a school's) learners have consent recorded. */
export const ConsentCount = z.object({
  success: z.literal(true),
  learners: z.number().int(),
  recorded: z.number().int(),
  missing: z.number().int(),
});
export type ConsentCount = z.infer<typeof ConsentCount>;

export const TemplateQuery = z.strictObject({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
  /** A country olympiad's template (decision 039) has a date-of-birth column too. */
  olympiadId: IdText.optional(),
});

/** A learner just created: the only time the password is in an answer besides the slips. */
export const CreatedLearner = z.object({
  id: z.number().int(),
  username: z.string(),
  password: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  grade: z.number().int(),
});
export type CreatedLearner = z.infer<typeof CreatedLearner>;

export const ImportRowError = z.object({
  /** The spreadsheet's row number (the header is row 1). */
  row: z.number().int(),
  field: z.enum(['firstName', 'lastName', 'grade', 'dateOfBirth', 'row']),
  message: z.string(),
  value: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

export const ImportReport = z.object({
  success: z.literal(true),
  fileName: z.string(),
  /** Learner rows read (blank rows are skipped). */
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  errors: z.array(ImportRowError),
  /** The first valid rows, as they will be saved. */
  sample: z.array(
    z.object({
      row: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      grade: z.number().int(),
      /** YYYY-MM-DD when the file has a date-of-birth column (a country's team's must). */
      dateOfBirth: z.string().nullable(),
    }),
  ),
  /** The encoding the file was read in (csv). */
  encoding: z.string(),
  /**
   * The row whose headings named the columns: the first within the file's first rows (a title row above it is
   * passed over). Null for a file of bare columns (first name, surname, grade), read without headings.
   */
  headerRow: z.number().int().nullable(),
  /**
   * Every row is right: the checked rows wait on the server as a held import; starting it
   * (`POST learner/v-rest/import/{importId}/start`) loads them in the background. Null when a row needs attention.
   */
  importId: z.number().int().nullable(),
});
export type ImportReport = z.infer<typeof ImportReport>;

/** Where a background import is (decision 021): held (checked, not started) → queued → running → done | failed. */
export const importStatuses = ['held', 'queued', 'running', 'done', 'failed'] as const;
/** What a running import is doing: making usernames and passwords (`done` of `total`), then saving all rows at once. */
export const importPhases = ['credentials', 'saving', 'done'] as const;

export const ImportJob = z.object({
  id: z.number().int(),
  status: z.enum(importStatuses),
  phase: z.enum(importPhases).nullable(),
  /** Learners whose credentials are made so far, of `total`. */
  done: z.number().int(),
  total: z.number().int(),
  fileName: z.string(),
  /** Learners created (done). */
  created: z.number().int().nullable(),
  /** What to tell the person: the result (done) or why nothing was saved (failed). */
  message: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJob>;
export const ImportJobResult = z.object({ success: z.literal(true), message: z.string().optional(), job: ImportJob });

/** What a job handler keeps as the result of an import. */
export const ImportOutcome = z.object({ created: z.number().int(), message: z.string() });

/**
 * POST /learner/v-rest/new-passwords: new generated passwords for a school's learners, every one (`'all'`) or the
 * listed ids, in one action; their slips then show the new passwords. Learners writing right now keep theirs.
 */
export const NewPasswordsBody = z.strictObject({
  olympiadId: Id,
  /** Teachers: their own school (may be left out). Admins: the school. */
  schoolId: Id.optional(),
  learners: z.union([
    z.literal('all'),
    z.array(Id).min(1, said('validation.learners.chooseOne', 'Choose at least one learner')).max(20_000),
  ]),
});
export const PasswordChangeLearner = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export const NewPasswordsResult = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Whose password changed: their old password and old slips no longer work. */
  changed: z.array(PasswordChangeLearner),
  /** Who kept their password, and why (writing right now: a new password would sign them out). */
  skipped: z.array(PasswordChangeLearner.extend({ reason: z.string() })),
});
export type NewPasswordsResult = z.infer<typeof NewPasswordsResult>;
