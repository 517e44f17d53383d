import { z } from 'zod';
import { said } from './messages.js';
import { Id, IdText } from './ids.js';
import { PageQuery, pageOf } from './errors.js';
import { Email, optionalText } from './fields.js';

/**
 * Schools, participating schools, the teacher portal, expressions of interest (teachers: contract/teachers.ts).
 * Written once, used by the server's routes and the web app's forms.
 */

export const provinces = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'North West',
  'Northern Cape',
  'Western Cape',
] as const;
export const schoolTypes = ['Public', 'Independent', 'Special needs', 'Other'] as const;

/** A South African EMIS number: digits only, 6 to 12 of them. */
export const EmisNumber = z
  .string()
  .trim()
  .regex(/^\d{6,12}$/, said('validation.school.emis', 'An EMIS number has 6 to 12 digits'))
  .or(z.literal('').transform(() => null))
  .nullable()
  .optional();

export const SchoolInput = z.strictObject({
  name: z.string().trim().min(2, said('validation.school.name', 'Enter the school’s name')).max(200),
  emisNumber: EmisNumber,
  province: optionalText(60),
  district: optionalText(120),
  town: optionalText(120),
  address: optionalText(300),
  phone: optionalText(40),
  email: Email.or(z.literal('').transform(() => null))
    .nullable()
    .optional(),
  type: optionalText(60),
});
export type SchoolInput = z.infer<typeof SchoolInput>;

/** What a teacher may change about their own school (name and EMIS number stay with the organisers). */
export const SchoolContactInput = z.strictObject({
  address: optionalText(300),
  phone: optionalText(40),
  email: Email.or(z.literal('').transform(() => null))
    .nullable()
    .optional(),
});

export const School = z.object({
  id: z.number().int(),
  name: z.string(),
  emisNumber: z.string().nullable(),
  province: z.string().nullable(),
  district: z.string().nullable(),
  town: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  type: z.string().nullable(),
  /** Set for a country's team (decision 039): its people read "team", not "school" (contract/units.ts). */
  countryId: z.number().int().nullable(),
  teacherCount: z.number().int(),
  updatedAt: z.string(),
  /** What the caller may do with this school (the server's policy answers, not the UI). */
  can: z.object({ update: z.boolean(), delete: z.boolean(), merge: z.boolean() }),
});
export type School = z.infer<typeof School>;

export const schoolSorts = ['name', 'town', 'province', 'emisNumber', 'updatedAt'] as const;
export const SchoolListQuery = PageQuery.extend({
  olympiadId: IdText.optional(),
  sort: z.enum(schoolSorts).optional(),
}).strict();

export const MergeSchoolsBody = z.strictObject({
  /** The duplicate: its teachers, entries and learners move to the target, then it is removed. */
  sourceId: Id,
  targetId: Id,
});

// ── Participating schools ─────────────────────────────────────────────────────────────────────────

export const participantStatuses = ['entered', 'learners_loaded', 'withdrawn'] as const;
export const ParticipantStatus = z.enum(participantStatuses);

export const SchoolParticipant = z.object({
  id: z.number().int(),
  olympiadId: z.number().int(),
  olympiadName: z.string(),
  olympiadTitle: z.string(),
  schoolId: z.number().int(),
  schoolName: z.string(),
  town: z.string().nullable(),
  province: z.string().nullable(),
  status: ParticipantStatus,
  learnerCount: z.number().int(),
  createdAt: z.string(),
  /** What the caller may do with this entry (change its status, take the school out). */
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type SchoolParticipant = z.infer<typeof SchoolParticipant>;

/** A page of entries, and whether the caller may enter schools (in the olympiad named). */
export const SchoolParticipantPage = pageOf(SchoolParticipant).extend({ can: z.object({ enter: z.boolean() }) });

export const participantSorts = ['schoolName', 'learnerCount', 'status', 'createdAt'] as const;
export const ParticipantListQuery = PageQuery.extend({
  olympiadId: IdText.optional(),
  status: ParticipantStatus.optional(),
  sort: z.enum(participantSorts).optional(),
}).strict();

export const EnterSchoolBody = z.strictObject({
  olympiadId: Id,
  schoolId: Id,
});
export const UpdateParticipantBody = z.strictObject({ status: ParticipantStatus });

/** POST teacher-expression/rest/: a signed-in teacher enters their own school in an olympiad. */
export const TeacherExpressionBody = z.strictObject({ olympiadId: Id });

/** GET participant/v-rest/?customerParticipantId: the learners of one participating school. */
/** A learner as an entry's participants list shows them (`participant/v-rest/`). */
export const ParticipantLearner = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  grade: z.number().int().nullable(),
});

/** docs/spec.md §7 `participant/v-rest/single?participantId`: one learner of an entry, by the learner's id. */
export const ParticipantSingleQuery = z.strictObject({ participantId: IdText });

export const ParticipantLearnersQuery = PageQuery.extend({
  customerParticipantId: IdText,
  sort: z.enum(['lastName', 'firstName', 'grade', 'username']).optional(),
}).strict();

/**
 * Where an olympiad is in its year, as a school sees it (the server decides, from the open flag, the window and the
 * results): `registration` (schools enter and load learners; not opened for writing yet), `writing_soon` (opened, the
 * window starts later), `writing` (the window is open now), `closed` (the window is over and the results are not
 * published: the organisers moderate and mark), `results` (published: awards and certificates).
 */
export const portalPhases = ['registration', 'writing_soon', 'writing', 'closed', 'results'] as const;
export const PortalPhase = z.enum(portalPhases);
export type PortalPhase = z.infer<typeof PortalPhase>;

/** The teacher portal: an olympiad and the school's place in it. */
export const PortalOlympiad = z.object({
  id: z.number().int(),
  varName: z.string(),
  title: z.string(),
  year: z.number().int(),
  kind: z.enum(['school', 'country']),
  open: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /**
   * What entering costs (decision 031): the fee per learner in cents of `currency`, and the VAT added on the
   * invoice (basis points; 0 when the olympiad's account charges none).
   */
  fee: z.object({ cents: z.number().int(), currency: z.string(), vatRateBp: z.number().int() }),
  /** Payment before writing: learners of a school whose order is neither paid nor pre-approved cannot start. */
  paymentRequired: z.boolean(),
  participant: z
    .object({
      id: z.number().int(),
      status: ParticipantStatus,
      learnerCount: z.number().int(),
      /** The school's certificates as one PDF, once the results are published and the PDF is made; else null. */
      certificates: z.object({ count: z.number().int(), generatedAt: z.string().nullable() }).nullable(),
    })
    .nullable(),
  phase: PortalPhase,
  /** When the results were published; null until then (and again while the organisers have withdrawn them). */
  resultsPublishedAt: z.string().nullable(),
  /** The zone its times are read in: South African time, or a country team's own zone (decision 039). */
  timeZone: z.string(),
});
export type PortalOlympiad = z.infer<typeof PortalOlympiad>;

/** A school's published results as its portal page sums them up (the whole list is the certificates page's download). */
export const PortalResults = z.object({
  publishedAt: z.string(),
  /** The school's learners with a published result (the disqualified have none). */
  ranked: z.number().int(),
  /** How many of them got each award, best first as the rule lists them; awards nobody at the school got are left out. */
  awards: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
  /** The school's best learners (at most five), best first. */
  top: z.array(
    z.object({
      name: z.string(),
      grade: z.number().int().nullable(),
      percent: z.number(),
      /** The rank among every learner of the olympiad (competition ranking: 1, 2, 2, 4). */
      rank: z.number().int(),
      awardLabel: z.string(),
      bestInSchool: z.boolean(),
    }),
  ),
});
export type PortalResults = z.infer<typeof PortalResults>;

/** GET /api/portal/olympiads/{olympiadName}: the olympiad, the school, and the olympiad's portal introduction (general copy, HTML). */
export const PortalOlympiadResult = z.object({
  success: z.literal(true),
  school: School.nullable(),
  olympiad: PortalOlympiad,
  intro: z.string(),
  /** The school's results once published (`phase` is `results`); null before, and for a school not entered. */
  results: PortalResults.nullable(),
});

// ── Expressions of interest ───────────────────────────────────────────────────────────────────────

export const EoiBody = z.strictObject({
  projectName: z.string().trim().max(60).optional(),
  olympiadId: z.number(said('validation.eoi.olympiad', 'Choose the olympiad')).pipe(Id),
  schoolName: z.string().trim().min(2, said('validation.school.name', 'Enter the school’s name')).max(200),
  emisNumber: EmisNumber,
  province: z.enum(provinces, said('validation.school.province', 'Choose the province')),
  town: z.string().trim().min(2, said('validation.school.town', 'Enter the town')).max(120),
  schoolPhone: optionalText(40),
  teacherFirstName: z.string().trim().min(1, said('validation.name.ownFirst', 'Enter your first name')).max(100),
  teacherLastName: z.string().trim().min(1, said('validation.name.ownLast', 'Enter your surname')).max(100),
  teacherEmail: Email,
  teacherPhone: optionalText(40),
  learnerEstimate: z
    .number()
    .int()
    .min(1, said('validation.eoi.estimateMin', 'At least 1 learner'))
    .max(5000, said('validation.eoi.estimateMax', 'At most 5,000'))
    .nullable()
    .optional(),
  message: z.string().trim().max(2000).default(''),
  /** The honeypot: people never see it; a filled one means a bot (answered as a success, stored nowhere). */
  website: z.string().max(500).optional(),
});
export type EoiBody = z.input<typeof EoiBody>;

export const eoiStatuses = ['pending', 'processed', 'declined'] as const;
export const EoiStatus = z.enum(eoiStatuses);

export const Eoi = z.object({
  id: z.number().int(),
  olympiadId: z.number().int().nullable(),
  olympiadTitle: z.string().nullable(),
  schoolName: z.string(),
  emisNumber: z.string().nullable(),
  province: z.string().nullable(),
  town: z.string().nullable(),
  schoolPhone: z.string().nullable(),
  teacherFirstName: z.string(),
  teacherLastName: z.string(),
  teacherEmail: z.string(),
  teacherPhone: z.string().nullable(),
  learnerEstimate: z.number().int().nullable(),
  message: z.string(),
  status: EoiStatus,
  processed: z.boolean(),
  declined: z.boolean(),
  declineReason: z.string().nullable(),
  schoolId: z.number().int().nullable(),
  teacherId: z.number().int().nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  /** What the caller may do with this expression. */
  can: z.object({ process: z.boolean(), createSchool: z.boolean(), decline: z.boolean(), delete: z.boolean() }),
});
export type Eoi = z.infer<typeof Eoi>;

export const EoiListQuery = PageQuery.extend({
  olympiadId: IdText.optional(),
  status: EoiStatus.optional(),
  sort: z.enum(['createdAt', 'schoolName', 'town']).optional(),
}).strict();

export const PossibleMatchesQuery = z.strictObject({ expressionId: IdText });

export const PossibleMatch = z.object({
  schoolId: z.number().int(),
  name: z.string(),
  emisNumber: z.string().nullable(),
  town: z.string().nullable(),
  province: z.string().nullable(),
  /** Why it may be the same school. */
  reasons: z.array(z.enum(['emis', 'name_town', 'teacher_email'])),
  /** 0..1, higher is likelier. */
  score: z.number(),
  teachers: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() })),
});
export type PossibleMatch = z.infer<typeof PossibleMatch>;

export const ProcessEoiBody = z.strictObject({
  /** Link to this existing school; absent: create a school from the expression. */
  schoolId: Id.nullable().optional(),
  /** Link to this existing teacher; absent: the teacher with the expression's email, or a new one. */
  teacherId: Id.nullable().optional(),
});
export const DeclineEoiBody = z.strictObject({
  reason: z.string().trim().min(3, 'Give the school a reason').max(2000),
});
