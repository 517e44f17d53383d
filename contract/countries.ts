import { z } from 'zod';
import { Id, IdText } from './ids.js';
import { PageQuery, pageOf } from './errors.js';
import { Email } from './fields.js';

/**
 * The international olympiad (decision 039): countries, the countries entered in an olympiad of the country
 * kind (country participants) with their team admins and team leaders. A team's learners are learners
 * (contract/learners.ts) of the country's team.
 */

/** An IANA time zone the platform knows (e.g. Africa/Johannesburg, Europe/Berlin). */
export const TimeZone = z
  .string()
  .trim()
  .min(1, 'Enter the time zone, e.g. Europe/Berlin')
  .max(60)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Use an IANA time zone, e.g. Europe/Berlin or America/Sao_Paulo' },
  );

export const CountryInput = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Use the two-letter ISO 3166 code, e.g. DE')
    .transform((c) => c.toUpperCase()),
  name: z.string().trim().min(2, 'Enter the country’s name').max(100),
  timeZone: TimeZone,
});
export type CountryInput = z.input<typeof CountryInput>;

export const Country = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  timeZone: z.string(),
  /** Olympiads the country is entered in (a country in use cannot be removed). */
  entries: z.number().int(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type Country = z.infer<typeof Country>;

export const countrySorts = ['name', 'code'] as const;
export const CountryListQuery = PageQuery.extend({ sort: z.enum(countrySorts).optional() }).strict();
export const CountryPage = pageOf(Country).extend({ can: z.object({ create: z.boolean() }) });
export const CountryBody = z.object({ success: z.literal(true), message: z.string().optional(), country: Country });

/** A team leader: an adult who accompanies the team. */
export const TeamLeader = z.strictObject({
  name: z.string().trim().min(2, 'Enter the leader’s name').max(120),
  email: Email.or(z.literal('').transform(() => null))
    .nullable()
    .optional()
    .transform((e) => e ?? null),
});
export type TeamLeader = z.infer<typeof TeamLeader>;
export const TEAM_LEADERS_MAX = 6;

/** A person who manages a country's team: a teacher-role account of the country's team. */
export const TeamAdminInput = z.strictObject({
  firstName: z.string().trim().min(1, 'Enter the first name').max(100),
  lastName: z.string().trim().min(1, 'Enter the surname').max(100),
  email: Email,
});
export type TeamAdminInput = z.infer<typeof TeamAdminInput>;

export const EnterCountryBody = z.strictObject({
  olympiadId: Id,
  countryId: Id,
  /** The team admin to invite (mailed a link to choose a password); more can be added on the team admins page. */
  teamAdmin: TeamAdminInput.optional(),
});
export type EnterCountryBody = z.infer<typeof EnterCountryBody>;

export const UpdateCountryParticipantBody = z.strictObject({
  leaders: z.array(TeamLeader).max(TEAM_LEADERS_MAX, `A team has at most ${TEAM_LEADERS_MAX} leaders`),
});
export type UpdateCountryParticipantBody = z.input<typeof UpdateCountryParticipantBody>;

export const TeamAdminSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  verified: z.boolean(),
  disabled: z.boolean(),
});

export const CountryParticipant = z.object({
  id: z.number().int(),
  olympiadId: z.number().int(),
  olympiadName: z.string(),
  olympiadTitle: z.string(),
  countryId: z.number().int(),
  countryCode: z.string(),
  countryName: z.string(),
  timeZone: z.string(),
  /** The country's team (the school-like unit its learners, orders and results belong to). */
  teamId: z.number().int(),
  /** The team's entry (its order and invoices are the entry's: `schoolParticipantId` in finance). */
  schoolParticipantId: z.number().int(),
  status: z.enum(['entered', 'learners_loaded', 'withdrawn']),
  learnerCount: z.number().int(),
  teamSize: z.number().int(),
  leaders: z.array(z.object({ name: z.string(), email: z.string().nullable() })),
  teamAdmins: z.array(TeamAdminSummary),
  createdAt: z.string(),
  can: z.object({ update: z.boolean(), delete: z.boolean(), team: z.boolean() }),
});
export type CountryParticipant = z.infer<typeof CountryParticipant>;

export const countryParticipantSorts = ['countryName', 'countryCode', 'learnerCount', 'createdAt'] as const;
export const CountryParticipantListQuery = PageQuery.extend({
  olympiadId: IdText.optional(),
  sort: z.enum(countryParticipantSorts).optional(),
}).strict();
export const CountryParticipantPage = pageOf(CountryParticipant).extend({ can: z.object({ enter: z.boolean() }) });
export const CountryParticipantBody = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  participant: CountryParticipant,
});
/** `GET igeo-country-participant/v-rest/single?olympiadId=`: a team admin's own country in an olympiad. */
export const CountryParticipantSingleQuery = z.strictObject({ olympiadId: IdText });
