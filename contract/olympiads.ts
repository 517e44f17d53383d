import { z } from 'zod';
import { GRADE_MAX, GRADE_MIN, gradeBound, gradeRangeIssue, gradeRangeRule } from './grades.js';
import { Id, IdText } from './ids.js';
import { GrantRole, UrlName } from './roles.js';
import { olympiadKinds } from './units.js';
import { count } from './numbers.js';

export { olympiadKinds };

/**
 * Projects, sub-projects and olympiads as the overlord and an olympiad's admins edit them.
 * Lists answer `pageOf(item)`; every write answers the stored record.
 */

const isoDate = z.iso.datetime({ offset: true, message: 'Use a date and time, e.g. 2026-09-01T08:00:00+02:00' });
const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`);
const required = (max: number, what: string) => text(max).min(1, `Enter ${what}`);

/** Query parameters of every paged list: page, pageSize, search, sort, order (every list is paged on the server). */
const paging = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  search: z.string().trim().max(200).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
};

// ---------------------------------------------------------------- projects

/** A language Olympus speaks (decision 090): its pages, papers, mail and PDFs are written in each. */
export const Language = z.enum(['en', 'af'], 'Choose English (en) or Afrikaans (af)');
export type Language = z.infer<typeof Language>;

export const Project = z.object({
  id: z.number().int(),
  projectName: z.string(),
  title: z.string(),
  seoTitle: z.string(),
  shareTitle: z.string(),
  description: z.string(),
  keywords: z.string(),
  olympiadCount: z.number().int(),
  subProjectCount: z.number().int(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof Project>;

export const ProjectInput = z.strictObject({
  projectName: UrlName,
  title: required(200, 'a title'),
  seoTitle: text(200).default(''),
  shareTitle: text(200).default(''),
  description: text(2000).default(''),
  keywords: text(500).default(''),
});
export type ProjectInput = z.infer<typeof ProjectInput>;
export const ProjectUpdate = z
  .strictObject({
    projectName: UrlName,
    title: required(200, 'a title'),
    seoTitle: text(200),
    shareTitle: text(200),
    description: text(2000),
    keywords: text(500),
  })
  .partial();

export const projectSorts = ['projectName', 'title', 'updatedAt'] as const;
export const ProjectListQuery = z.strictObject({ ...paging, sort: z.enum(projectSorts).default('title') });
export const ProjectSingleQuery = z.strictObject({ projectId: IdText });

// ---------------------------------------------------------------- sub-projects

export const SubProject = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  position: z.number().int(),
});
export type SubProject = z.infer<typeof SubProject>;

export const SubProjectInput = z.strictObject({
  projectId: z.number('Choose a project').pipe(Id),
  name: UrlName,
  title: required(200, 'a title'),
  description: text(2000).default(''),
  position: z.number().int().min(0).max(10_000).default(0),
});
export type SubProjectInput = z.infer<typeof SubProjectInput>;
export const SubProjectUpdate = z
  .strictObject({
    name: UrlName,
    title: required(200, 'a title'),
    description: text(2000),
    position: z.number().int().min(0).max(10_000),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Change at least one field' });

export const subProjectSorts = ['name', 'title', 'position', 'projectName'] as const;
export const SubProjectListQuery = z.strictObject({
  ...paging,
  sort: z.enum(subProjectSorts).default('position'),
  projectId: IdText.optional(),
});

// ---------------------------------------------------------------- olympiads

export const OlympiadKind = z.enum(olympiadKinds);

export const OlympiadRecord = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  subProjectId: z.number().int().nullable(),
  varName: z.string(),
  title: z.string(),
  year: z.number().int(),
  kind: OlympiadKind,
  open: z.boolean(),
  pinned: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  /** Fee per learner in cents of `currency`. */
  feeCents: z.number().int(),
  currency: z.string(),
  /** Country olympiads: the most learners a country's team may have (decision 039). */
  teamSize: z.number().int(),
  /** The grades it is for (decision 045): learners are loaded, and write, only in these. */
  minGrade: z.number().int(),
  maxGrade: z.number().int(),
  /** Sanitised HTML shown before the declaration, and the declaration itself. */
  instructions: z.string(),
  declaration: z.string(),
  shuffleOptions: z.boolean(),
  showScore: z.boolean(),
  /** Payment before writing: learners of a school neither paid nor pre-approved cannot start. */
  paymentRequired: z.boolean(),
  languages: z.array(Language),
  /** The language a learner starts in (decision 090), one of `languages`. */
  defaultLanguage: Language,
  /**
   * The instructions and declaration in each other language offered (decision 094), and whether that language's
   * version is verified (by whose username, when).
   */
  translations: z.partialRecord(
    Language,
    z.object({
      instructions: z.string(),
      declaration: z.string(),
      verified: z.boolean(),
      verifiedBy: z.string().nullable(),
      verifiedAt: z.string().nullable(),
    }),
  ),
  updatedAt: z.string(),
  /** What the caller may do with this olympiad (from the server's policy; the UI never re-derives roles). */
  can: z.object({ edit: z.boolean(), editAll: z.boolean(), open: z.boolean(), pin: z.boolean(), grant: z.boolean() }),
});
export type OlympiadRecord = z.infer<typeof OlympiadRecord>;

const windowRule = <T extends { startsAt?: string | null | undefined; endsAt?: string | null | undefined }>(v: T) =>
  !v.startsAt || !v.endsAt || new Date(v.startsAt) < new Date(v.endsAt);
const windowIssue = { message: 'The window must end after it starts', path: ['endsAt'] };

/** The settings an olympiad's admin may change; the overlord changes these and everything else. */
export const olympiadSettingsFields = {
  startsAt: isoDate.nullable(),
  endsAt: isoDate.nullable(),
  durationMinutes: z
    .number()
    .int('Use whole minutes')
    .min(1, 'At least one minute')
    .max(24 * 60, 'At most 24 hours')
    .nullable(),
  /** Rich text (HTML), sanitised on the server. */
  instructions: z.string().max(50_000, 'At most 50,000 characters'),
  declaration: z.string().max(20_000, 'At most 20,000 characters'),
  shuffleOptions: z.boolean(),
  showScore: z.boolean(),
  /** Payment before writing (decision 032). */
  paymentRequired: z.boolean(),
  /** Languages the paper is offered in (decision 090): English, Afrikaans or both. */
  languages: z
    .array(Language)
    .min(1, 'Choose at least one language')
    .max(12)
    .refine((l) => new Set(l).size === l.length, 'Each language once'),
  /**
   * The language a learner starts in and the paper is written in (decision 094), one of `languages`. Changing it
   * once the paper has words swaps each text with its translation in that language, or is refused (409) naming what
   * has none.
   */
  defaultLanguage: Language,
  /**
   * The instructions and declaration in each other language offered (rich text, sanitised on the server); a language
   * left out keeps what is stored; a language whose words change is no longer verified.
   */
  translations: z.partialRecord(
    Language,
    z.strictObject({
      instructions: z.string().max(50_000, 'At most 50,000 characters').default(''),
      declaration: z.string().max(20_000, 'At most 20,000 characters').default(''),
    }),
  ),
  /** The grades it is for (decision 045); narrowing it past loaded learners is refused (409). */
  minGrade: gradeBound('lowest'),
  maxGrade: gradeBound('highest'),
};

/**
 * The languages an olympiad may be offered in (decision 090): the two its pages, papers, mail and PDFs are written
 * in. Another language joins when its catalogues (locales/) do.
 */
export const olympiadLanguages = [
  { code: 'en', label: 'English' },
  { code: 'af', label: 'Afrikaans' },
] as const;

const olympiadFields = {
  projectId: z.number('Choose a project').pipe(Id),
  subProjectId: Id.nullable(),
  varName: UrlName,
  title: required(200, 'a title'),
  year: z.number().int().min(2000, 'From 2000').max(2100, 'Until 2100'),
  kind: OlympiadKind,
  feeCents: z.number().int('Use whole cents').min(0, 'The fee cannot be negative').max(100_000_000),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code, e.g. ZAR'),
  teamSize: z.number().int('Use a whole number').min(1, 'At least one learner').max(50, 'At most 50 learners'),
  ...olympiadSettingsFields,
};

/** The field schemas, for forms that hold the same values in another shape (e.g. a fee in rands). */
export const olympiadShape = olympiadFields;

export const OlympiadInput = z
  .strictObject({
    ...olympiadFields,
    subProjectId: olympiadFields.subProjectId.default(null),
    kind: olympiadFields.kind.default('school'),
    currency: olympiadFields.currency.default('ZAR'),
    teamSize: olympiadFields.teamSize.default(4),
    startsAt: olympiadFields.startsAt.default(null),
    endsAt: olympiadFields.endsAt.default(null),
    durationMinutes: olympiadFields.durationMinutes.default(null),
    instructions: olympiadFields.instructions.default(''),
    declaration: olympiadFields.declaration.default(''),
    shuffleOptions: olympiadFields.shuffleOptions.default(false),
    showScore: olympiadFields.showScore.default(false),
    paymentRequired: olympiadFields.paymentRequired.default(false),
    languages: olympiadFields.languages.default(['en']),
    defaultLanguage: olympiadFields.defaultLanguage.optional(),
    translations: olympiadFields.translations.default({}),
    minGrade: olympiadFields.minGrade.default(GRADE_MIN),
    maxGrade: olympiadFields.maxGrade.default(GRADE_MAX),
  })
  .refine(windowRule, windowIssue)
  .refine(gradeRangeRule, gradeRangeIssue)
  .refine((v) => v.defaultLanguage == null || v.languages.includes(v.defaultLanguage), {
    message: 'The default language must be one the olympiad is offered in',
    path: ['defaultLanguage'],
  });
export type OlympiadInput = z.infer<typeof OlympiadInput>;

export const OlympiadUpdate = z
  .strictObject(olympiadFields)
  .partial()
  .refine(windowRule, windowIssue)
  .refine(gradeRangeRule, gradeRangeIssue)
  .refine((v) => v.defaultLanguage == null || v.languages == null || v.languages.includes(v.defaultLanguage), {
    message: 'The default language must be one the olympiad is offered in',
    path: ['defaultLanguage'],
  });
export type OlympiadUpdate = z.infer<typeof OlympiadUpdate>;
/** The keys an admin (not the overlord) may send in an update. */
export const adminSettingsKeys = Object.keys(olympiadSettingsFields) as Array<keyof typeof olympiadSettingsFields>;

export const olympiadSorts = ['title', 'varName', 'year', 'startsAt', 'projectName', 'updatedAt'] as const;
export const OlympiadListQuery = z.strictObject({
  ...paging,
  sort: z.enum(olympiadSorts).default('year'),
  projectId: IdText.optional(),
  open: z.enum(['true', 'false']).optional(),
});
export const OlympiadSingleQuery = z
  .strictObject({
    olympiadId: IdText.optional(),
    olympiadVarName: z.string().trim().min(1).max(60).optional(),
  })
  .refine((q) => q.olympiadId != null || q.olympiadVarName != null, {
    message: 'Give olympiadId or olympiadVarName',
    path: ['olympiadId'],
  });

export const OlympiadResultBody = z.object({ success: z.literal(true), olympiad: OlympiadRecord });

/**
 * GET /olympiad/api/set-olympiad-open/{olympiadId}/{true|false}. Opening is refused (409) while the olympiad check
 * has blockers (decision 077); closing always works.
 */
export const SetOpenParams = z.strictObject({
  olympiadId: IdText,
  open: z.enum(['true', 'false']),
});

/** POST /olympiad/set-pinned?olympiadId&pinned (pinned omitted: toggles). */
export const SetPinnedQuery = z.strictObject({
  olympiadId: IdText,
  pinned: z.enum(['true', 'false']).optional(),
});

// ---------------------------------------------------------------- verification (blockers)

export const blockerKinds = [
  'no_window',
  'no_duration',
  'window_over',
  'no_modules',
  'module_without_questions',
  'question_without_answer',
  'question_unverified',
  'translation_missing',
  'translation_unverified',
] as const;
export type BlockerKind = (typeof blockerKinds)[number];

/** What each kind of blocker risks, in plain words, for the admin deciding whether to open anyway. */
export const blockerRisks: Record<BlockerKind, string> = {
  no_window:
    'Without a start and an end time, learners can start whenever the olympiad is open, and writing never closes by itself.',
  no_duration: 'Without a writing time, no learner can start: each is told that no writing time is set.',
  window_over: 'The writing window has ended: no learner can start until new dates are set.',
  no_modules: 'There are no questions: learners who start get an empty paper.',
  module_without_questions: 'Learners meet a section with no questions in it, which looks like a fault.',
  question_without_answer:
    'These questions cannot be marked: every learner gets 0 for them until a correct answer is set and the olympiad is re-marked.',
  question_unverified:
    'Nobody has checked these questions a second time: a typo, a wrong answer key or two right options may reach learners, and marks may have to be fixed after they wrote.',
  translation_missing:
    'Learners who write in that language meet words of the other language, or nothing, where these texts should be.',
  translation_unverified:
    'Nobody has checked these translations: a learner in that language may read a question that asks something else than the original, and be marked against a key that does not fit it.',
};

/** A heading for each kind of blocker, with how many there are (the check's groups and the refusal's summary). */
export const blockerTitles: Record<BlockerKind, (n: number) => string> = {
  no_window: () => 'No writing window',
  no_duration: () => 'No writing time',
  window_over: () => 'The writing window is over',
  no_modules: () => 'No question modules',
  module_without_questions: (n) => `${count(n, 'module has', 'modules have')} no questions`,
  question_without_answer: (n) => `${count(n, 'question has', 'questions have')} no correct answer`,
  question_unverified: (n) => `${count(n, 'question is', 'questions are')} not verified`,
  translation_missing: (n) => `${count(n, 'translation is', 'translations are')} missing`,
  translation_unverified: (n) => `${count(n, 'translation is', 'translations are')} not verified`,
};

/** The blockers by kind, in the contract's order of kinds: each kind's heading, what it risks, and its blockers. */
export function groupBlockers<B extends Pick<Blocker, 'kind' | 'message'>>(blockers: readonly B[]) {
  return blockerKinds.flatMap((kind) => {
    const items = blockers.filter((b) => b.kind === kind);
    return items.length === 0
      ? []
      : [{ kind, title: blockerTitles[kind](items.length), risk: blockerRisks[kind], items }];
  });
}

export const Blocker = z.object({
  kind: z.enum(blockerKinds),
  message: z.string(),
  moduleId: z.number().int().nullable(),
  questionId: z.number().int().nullable(),
});
export type Blocker = z.infer<typeof Blocker>;
export const VerifyResult = z.object({
  success: z.literal(true),
  olympiadId: z.number().int(),
  ready: z.boolean(),
  blockers: z.array(Blocker),
  counts: z.object({ modules: z.number().int(), questions: z.number().int(), verified: z.number().int() }),
  /** While the olympiad is open: who opened it despite blockers, when, why and despite how many (from the audit log). */
  openedDespite: z
    .object({ at: z.string(), by: z.string().nullable(), reason: z.string().nullable(), blockers: z.number().int() })
    .nullable(),
  /**
   * Payment before writing (decision 032): whether it is on, and the entered schools whose learners it stops
   * now (neither paid nor pre-approved). Not a blocker for opening: a warning to act on.
   */
  payment: z.object({
    required: z.boolean(),
    blockedSchools: z.array(
      z.object({ schoolId: z.number().int(), schoolName: z.string(), learners: z.number().int() }),
    ),
  }),
});
export type VerifyResult = z.infer<typeof VerifyResult>;

// ---------------------------------------------------------------- grants

export const GrantRecord = z.object({
  userId: z.number().int(),
  olympiadId: z.number().int(),
  role: GrantRole,
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
});
export type GrantRecord = z.infer<typeof GrantRecord>;
export const GrantListQuery = z.strictObject({ olympiadId: IdText });
export const GrantInput = z.strictObject({
  olympiadId: Id,
  userId: z.number('Choose a user').pipe(Id),
  role: GrantRole,
});
export const GrantDeleteQuery = z.strictObject({
  olympiadId: IdText,
  userId: IdText,
  role: GrantRole,
});
export const StaffSearchQuery = z.strictObject({
  search: z.string().trim().min(1).max(100),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const StaffUser = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.string(),
});
export type StaffUser = z.infer<typeof StaffUser>;
