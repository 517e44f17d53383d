import { z } from 'zod';
import { Id, IdText } from './ids.js';
import { htmlText } from './content.js';

/**
 * Copy as data: what visitors, teachers and learners read, edited by the people who run the
 * olympiads. Every text is rich text (HTML) that the server sanitises before it is stored.
 */

export const COPY_BODY_MAX = 50_000;
const Body = z.string().max(COPY_BODY_MAX, 'The text is too long');

/* ---- website copy: a project's public pages (GET website/api/copy/{id}, website-copy/api/, website-copy/v-rest/) ---- */

export const websiteCopySections = ['home', 'about', 'participation-and-rules', 'contact'] as const;
export const WebsiteCopySection = z.enum(websiteCopySections);
export type WebsiteCopySection = z.infer<typeof WebsiteCopySection>;

export const websiteCopyLabels: Record<WebsiteCopySection, { label: string; description: string }> = {
  home: { label: 'Home', description: 'The welcome above the olympiads on the project’s home page.' },
  about: { label: 'About', description: 'What the olympiad is, who runs it and why.' },
  'participation-and-rules': {
    label: 'Participation and rules',
    description: 'Who may enter, how to enter, what it costs, and the rules of writing.',
  },
  contact: { label: 'Contact', description: 'How to reach the organisers: addresses, phone numbers, office hours.' },
};

/** One section of a project's website copy, as the editors see it (`id` null: nothing written yet). */
export const WebsiteCopy = z.object({
  id: z.number().int().nullable(),
  projectId: z.number().int(),
  section: WebsiteCopySection,
  /** Sanitised HTML; '' when nothing is written. */
  body: z.string(),
  updatedAt: z.string().nullable(),
  can: z.object({ update: z.boolean() }),
});
export type WebsiteCopy = z.infer<typeof WebsiteCopy>;

export const CopyProject = z.object({ id: z.number().int(), projectName: z.string(), title: z.string() });

/** GET website-copy/v-rest/?olympiadId (an admin: their olympiad's project) or ?projectId (the overlord). */
export const WebsiteCopyListQuery = z
  .strictObject({ olympiadId: IdText.optional(), projectId: IdText.optional() })
  .refine((q) => q.olympiadId != null || q.projectId != null, {
    path: ['olympiadId'],
    message: 'Say which olympiad (olympiadId) or project (projectId)',
  });
export const WebsiteCopyList = z.object({
  success: z.literal(true),
  project: CopyProject,
  items: z.array(WebsiteCopy),
});

/** POST website-copy/v-rest/: publish one section (it replaces what was there). */
export const WebsiteCopyInput = z
  .strictObject({
    olympiadId: Id.optional(),
    projectId: Id.optional(),
    section: WebsiteCopySection,
    body: Body,
  })
  .refine((v) => v.olympiadId != null || v.projectId != null, {
    path: ['olympiadId'],
    message: 'Say which olympiad (olympiadId) or project (projectId)',
  });
export type WebsiteCopyInput = z.input<typeof WebsiteCopyInput>;
/** PUT website-copy/v-rest/{id}. */
export const CopyBodyInput = z.strictObject({ body: Body });
export const WebsiteCopySaved = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  copy: WebsiteCopy,
});

/** GET website/api/copy/{id} (public): a project's copy by id or projectName, every section ('' when unset). */
export const PublicWebsiteCopy = z.object({
  success: z.literal(true),
  project: CopyProject,
  copy: z.record(WebsiteCopySection, z.string()),
});
export type PublicWebsiteCopy = z.infer<typeof PublicWebsiteCopy>;

/** GET website-copy/api/?projectId|projectName (public): the sections a project has written. */
export const PublicWebsiteCopyQuery = z
  .strictObject({ projectId: IdText.optional(), projectName: z.string().trim().min(1).max(60).optional() })
  .refine((q) => q.projectId != null || q.projectName != null, {
    path: ['projectName'],
    message: 'Say which project (projectName or projectId)',
  });
export const PublicWebsiteCopyList = z.object({
  success: z.literal(true),
  items: z.array(z.object({ section: WebsiteCopySection, body: z.string(), updatedAt: z.string() })),
});

/* ---- general copy: an olympiad's named texts (GET copy/v-rest/) ---- */

export const generalCopyKeys = [
  'portal-intro',
  'instructions-intro',
  'declaration-intro',
  'declaration-accept',
  'finished-message',
  'results-pending',
  'feedback-invitation',
] as const;
export const GeneralCopyKey = z.enum(generalCopyKeys);
export type GeneralCopyKey = z.infer<typeof GeneralCopyKey>;

/**
 * Where each text appears and what it says until an admin writes their own; `country`, where given, is what a
 * country olympiad says instead (its team admins and team members read "team", decision 039).
 */
export const generalCopyDefaults: Record<
  GeneralCopyKey,
  { label: string; where: string; default: string; country?: string }
> = {
  'portal-intro': {
    label: 'Portal introduction',
    where: 'Teachers read it at the top of the olympiad’s page in their portal.',
    default:
      '<p>Enter your school, load your learners and give each of them their sign-in slip before the writing day.</p>',
    country:
      '<p>Register your team on the Team page and give each member their sign-in slip before the writing day.</p>',
  },
  'instructions-intro': {
    label: 'Instructions introduction',
    where: 'Learners read it first, above the olympiad’s instructions.',
    default:
      '<p>Read these instructions carefully. Take your time: the clock only starts when you open the first question.</p>',
  },
  'declaration-intro': {
    label: 'Declaration introduction',
    where: 'Above the no-cheating declaration.',
    default: '<p>This olympiad is about what you know. Read the declaration, then tick the box to accept it.</p>',
  },
  'declaration-accept': {
    label: 'Declaration tick-box',
    where: 'The words beside the box a learner ticks to accept the declaration (plain text).',
    default: 'I have read the declaration and I promise to keep to it',
  },
  'finished-message': {
    label: 'Finished message',
    where: 'Learners read it when their answers are handed in.',
    default: '<p>Every answer you gave has been handed in. You cannot change them any more.</p>',
  },
  'results-pending': {
    label: 'Results to come',
    where: 'On the finished page, when the learner’s score is not shown.',
    default: '<p>Your teacher will receive the results when the olympiad has closed.</p>',
    country: '<p>Your team admin will receive the results when the olympiad has closed.</p>',
  },
  'feedback-invitation': {
    label: 'Feedback invitation',
    where: 'Above the optional feedback form on the finished page.',
    default: '<p>Your feedback helps us make the next olympiad better.</p>',
  },
};

/** Texts shown as plain words (a tick-box label), not rich text. */
export const plainGeneralCopy: readonly GeneralCopyKey[] = ['declaration-accept'];

/** Every key resolved: the olympiad's own text, else the default. */
export const ResolvedGeneralCopy = z.record(GeneralCopyKey, z.string());
export type ResolvedGeneralCopy = z.infer<typeof ResolvedGeneralCopy>;

export const GeneralCopy = z.object({
  /** Null: the olympiad uses the default. */
  id: z.number().int().nullable(),
  olympiadId: z.number().int(),
  key: GeneralCopyKey,
  label: z.string(),
  where: z.string(),
  format: z.enum(['html', 'text']),
  default: z.string(),
  /** The olympiad's own text, null when it uses the default. */
  body: z.string().nullable(),
  /** What readers see. */
  value: z.string(),
  updatedAt: z.string().nullable(),
  can: z.object({ update: z.boolean() }),
});
export type GeneralCopy = z.infer<typeof GeneralCopy>;

export const GeneralCopyListQuery = z.strictObject({ olympiadId: IdText });
export const GeneralCopyList = z.object({ success: z.literal(true), items: z.array(GeneralCopy) });
export const GeneralCopyInput = z.strictObject({
  olympiadId: Id,
  key: GeneralCopyKey,
  body: Body.refine((v) => htmlText(v).length > 0, 'Write the text, or reset it to the default'),
});
export type GeneralCopyInput = z.input<typeof GeneralCopyInput>;
export const GeneralCopySaved = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  copy: GeneralCopy,
});

/* ---- site copy: the platform's own pages (GET and POST api/site-copy/) ---- */

/** `privacy` and `privacy-af`: the privacy notice (decision 109), one page of copy per language, shown at /privacy. */
export const sitePages = ['home', 'about', 'our-partners', 'our-users', 'contact', 'privacy', 'privacy-af'] as const;
export const SitePage = z.enum(sitePages);
export type SitePage = z.infer<typeof SitePage>;
export const sitePageLabels: Record<SitePage, string> = {
  home: 'Home',
  about: 'About',
  'our-partners': 'Our partners',
  'our-users': 'Our users',
  contact: 'Contact',
  privacy: 'Privacy (English)',
  'privacy-af': 'Privacy (Afrikaans)',
};

export const Partner = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
  /** The logo's public address, null without one. */
  logoUrl: z.string().nullable(),
  position: z.number().int(),
});
export type Partner = z.infer<typeof Partner>;

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Give the full address, starting with https://');

export const PartnerInput = z.strictObject({
  name: z.string().trim().min(2, 'Write the partner’s name').max(120),
  url: httpUrl.default(''),
  description: z.string().trim().max(500).default(''),
});
export type PartnerInput = z.input<typeof PartnerInput>;
export const PartnerSaved = z.object({ success: z.literal(true), message: z.string().optional(), partner: Partner });

export const SiteCopy = z.object({
  success: z.literal(true),
  /** Each page's sanitised HTML ('' when unset) and when it last changed. */
  pages: z.record(SitePage, z.object({ body: z.string(), updatedAt: z.string().nullable() })),
  partners: z.array(Partner),
});
export type SiteCopy = z.infer<typeof SiteCopy>;
export const SiteCopyInput = z.strictObject({ page: SitePage, body: Body });
export type SiteCopyInput = z.input<typeof SiteCopyInput>;

/** An image put in copy (or a partner's logo): its public address. */
export const CopyImageUploaded = z.object({ success: z.literal(true), url: z.string() });

export const ReorderBody = z
  .strictObject({ ids: z.array(Id).min(1).max(500) })
  .refine((v) => new Set(v.ids).size === v.ids.length, { path: ['ids'], message: 'Give each one once' });

/* ---- testimonials (GET testimonial/v-rest/) ---- */

export const Testimonial = z.object({
  id: z.number().int(),
  /** Sanitised HTML. */
  quote: z.string(),
  name: z.string(),
  affiliation: z.string(),
  published: z.boolean(),
  position: z.number().int(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type Testimonial = z.infer<typeof Testimonial>;
export const TestimonialList = z.object({ success: z.literal(true), items: z.array(Testimonial) });
export const TestimonialInput = z.strictObject({
  quote: Body.refine((v) => htmlText(v).length > 0, 'Write what they said'),
  name: z.string().trim().min(2, 'Write who said it').max(120),
  affiliation: z.string().trim().max(200).default(''),
  published: z.boolean().default(true),
});
export type TestimonialInput = z.input<typeof TestimonialInput>;
export const TestimonialSaved = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  testimonial: Testimonial,
});

/* ---- terms and conditions, versioned, with acceptances ---- */

export const TermsVersion = z.object({
  id: z.number().int(),
  version: z.number().int(),
  body: z.string(),
  summary: z.string(),
  publishedAt: z.string(),
});
export type TermsVersion = z.infer<typeof TermsVersion>;

/** GET api/terms-and-conditions/ (public): the current version, null before the first is published. */
export const CurrentTerms = z.object({ success: z.literal(true), terms: TermsVersion.nullable() });
/** The overlord's list: every version with how many teachers accepted it. */
export const TermsVersionList = z.object({
  success: z.literal(true),
  items: z.array(TermsVersion.extend({ acceptances: z.number().int() })),
});
export const TermsInput = z.strictObject({
  body: Body.refine((v) => htmlText(v).length > 0, 'Write the terms'),
  summary: z.string().trim().max(500).default(''),
});
export type TermsInput = z.input<typeof TermsInput>;
export const TermsPublished = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  terms: TermsVersion,
});

/** A teacher's standing: the current version and whether they have accepted it. */
export const TermsStatus = z.object({
  success: z.literal(true),
  terms: TermsVersion.nullable(),
  accepted: z.boolean(),
  acceptedAt: z.string().nullable(),
  /** The version they accepted before, when they have to accept a newer one. */
  previousVersion: z.number().int().nullable(),
});
export type TermsStatus = z.infer<typeof TermsStatus>;
export const AcceptTermsBody = z.strictObject({ termsId: Id });

/** The 409 code that asks a teacher to accept the current terms first (the portal opens its accept dialog). */
export const TERMS_NOT_ACCEPTED = 'terms_not_accepted';
