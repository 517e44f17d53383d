import { z } from 'zod';
import { said } from './messages.js';
import { pageOf } from './errors.js';

/** An olympiad as the public and the sign-in pages see it. */
export const PublicOlympiad = z.object({
  id: z.number().int(),
  varName: z.string(),
  title: z.string(),
  year: z.number().int(),
  kind: z.enum(['school', 'country']),
  open: z.boolean(),
  pinned: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  /** The grades it is for (decision 045): the forms offer only these. */
  minGrade: z.number().int(),
  maxGrade: z.number().int(),
  projectName: z.string(),
  /**
   * The languages it is offered in (decision 090), and the one a learner starts in: the olympiad's sign-in page
   * offers these, the default first. The server always sends both; a page reads an olympiad without them as one
   * whose languages are not known (it offers English and Afrikaans).
   */
  languages: z.array(z.enum(['en', 'af'])).optional(),
  defaultLanguage: z.enum(['en', 'af']).optional(),
});
export type PublicOlympiad = z.infer<typeof PublicOlympiad>;

/** A project: a public site with its own search-engine metadata (docs/spec.md §1). */
export const PublicProject = z.object({
  id: z.number().int(),
  projectName: z.string(),
  title: z.string(),
  seoTitle: z.string(),
  shareTitle: z.string(),
  description: z.string(),
  keywords: z.string(),
  /**
   * The language its public pages are in without `?lang` (decision 092): the Afrikaans olympiad's is `af`. The
   * server always sends it; a page reads a project without it as English.
   */
  language: z.enum(['en', 'af']).optional(),
  olympiads: z.array(PublicOlympiad),
});
export type PublicProject = z.infer<typeof PublicProject>;

/** GET olympus-suite/api/projects/?showUpcoming */
export const ProjectsQuery = z.strictObject({ showUpcoming: z.enum(['true', 'false']).optional() });
export const ProjectList = z.object({ success: z.literal(true), items: z.array(PublicProject) });
export const ProjectResult = z.object({ success: z.literal(true), project: PublicProject });
export const OlympiadResult = z.object({ success: z.literal(true), olympiad: PublicOlympiad });

/* ---- Past olympiads and past winners ---- */

/** How published winners appear on the public past-winners page (olympiad_results.winners_display). */
export const winnersDisplays = ['full_name', 'initial_surname', 'school_only'] as const;
export const WinnersDisplay = z.enum(winnersDisplays);
export type WinnersDisplay = z.infer<typeof WinnersDisplay>;
export const winnersDisplayLabels: Record<WinnersDisplay, string> = {
  full_name: 'Full name and school (e.g. Thabo Nkosi)',
  initial_surname: 'Initial, surname and school (e.g. T. Nkosi)',
  school_only: 'School only (no learner names)',
};

/** GET website/api/past-olympiads/{projectName} and past-winners: one page of the project's closed olympiads. */
export const PastQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type PastQuery = z.infer<typeof PastQuery>;
export const ProjectNameParams = z.strictObject({ projectName: z.string().trim().min(1).max(60) });

/** A closed olympiad of a project: when it ran, how many schools and learners wrote, whether results are out. */
export const PastOlympiad = z.object({
  id: z.number().int(),
  varName: z.string(),
  title: z.string(),
  year: z.number().int(),
  kind: z.enum(['school', 'country']),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  schools: z.number().int(),
  learners: z.number().int(),
  /** When the organisers published the results; null until then. */
  resultsPublishedAt: z.string().nullable(),
});
export type PastOlympiad = z.infer<typeof PastOlympiad>;

/** One winner as the olympiad chose to show them: `name` is null when it shows the school only. */
export const PastWinner = z.object({
  rank: z.number().int(),
  gradeRank: z.number().int().nullable(),
  grade: z.number().int().nullable(),
  award: z.string(),
  awardLabel: z.string(),
  name: z.string().nullable(),
  school: z.string().nullable(),
});
export type PastWinner = z.infer<typeof PastWinner>;

/** A closed olympiad's winners: the top of the olympiad, the best of each grade, and how many got each award. */
export const PastWinners = z.object({
  olympiad: PastOlympiad,
  display: WinnersDisplay,
  /** Empty until the results are published. */
  awards: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
  top: z.array(PastWinner),
  grades: z.array(z.object({ grade: z.number().int().nullable(), winners: z.array(PastWinner) })),
});
export type PastWinners = z.infer<typeof PastWinners>;

export const PastOlympiadList = pageOf(PastOlympiad);
export const PastWinnersList = pageOf(PastWinners);

/** GET and PUT /olympiad/results/{olympiadId}/winners-display: the admin's privacy choice. */
export const WinnersDisplayBody = z.strictObject({ winnersDisplay: WinnersDisplay });
export const WinnersDisplayResult = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  olympiadId: z.number().int(),
  winnersDisplay: WinnersDisplay,
  resultsPublishedAt: z.string().nullable(),
});

/* ---- The contact form ---- */

/** POST website/api/contact: a visitor writes to the organisers (of a project, or of the platform). */
export const ContactBody = z.strictObject({
  /** The project whose organisers are written to; absent for the platform (/olympus/contact). */
  projectName: z.string().trim().max(60).optional(),
  name: z
    .string()
    .trim()
    .min(1, said('validation.contact.name', 'Tell us your name'))
    .max(120, said('validation.contact.nameLong', 'Keep your name under 120 characters')),
  email: z
    .string()
    .trim()
    .min(1, said('validation.contact.email', 'Give an email address we can answer'))
    .max(254, said('validation.contact.emailLong', 'This email address is too long'))
    .email(said('validation.email', 'Enter a valid email address')),
  subject: z
    .string()
    .trim()
    .max(150, said('validation.contact.subjectLong', 'Keep the subject under 150 characters'))
    .optional()
    .default(''),
  message: z
    .string()
    .trim()
    .min(10, said('validation.contact.messageShort', 'Write a message of at least 10 characters'))
    .max(5000, said('validation.contact.messageLong', 'Keep the message under 5,000 characters')),
  /** The honeypot: hidden from people, filled by bots. */
  website: z.string().max(500).optional(),
});
export type ContactBody = z.infer<typeof ContactBody>;

/* ---- The Watch page ---- */

/** Live counters of one open olympiad. */
export const WatchOlympiad = z.object({
  id: z.number().int(),
  varName: z.string(),
  title: z.string(),
  projectName: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Started and not finished, with time left. */
  writing: z.number().int(),
  started: z.number().int(),
  finished: z.number().int(),
});
export type WatchOlympiad = z.infer<typeof WatchOlympiad>;

/** GET website/api/watch: the counters across open olympiads, and the coming ones, as of `refreshedAt`. */
export const WatchResult = z.object({
  success: z.literal(true),
  refreshedAt: z.string(),
  /** How often the server refreshes the figures (seconds): the page polls no faster. */
  refreshSeconds: z.number(),
  totals: z.object({ writing: z.number().int(), started: z.number().int(), finished: z.number().int() }),
  open: z.array(WatchOlympiad),
  coming: z.array(PublicOlympiad),
});
export type WatchResult = z.infer<typeof WatchResult>;
