import { z } from 'zod';
import { Id, IdText } from './ids.js';
import { PageQuery } from './errors.js';

/**
 * Frequently asked questions (docs/spec.md §3 "FAQs", GET faq/v-rest/). Each FAQ is for one audience:
 *  - `portal`: every teacher (/portal/faq and /portal/{o}/faq);
 *  - `olympiad`: the teachers of one olympiad (/portal/{o}/faq), edited by that olympiad's admins too;
 *  - `project`: the public site of one project (/{projectName}/faq).
 */
export const faqAudiences = ['portal', 'olympiad', 'project'] as const;
export const FaqAudience = z.enum(faqAudiences);
export type FaqAudience = z.infer<typeof FaqAudience>;

export const faqAudienceLabels: Record<FaqAudience, string> = {
  portal: 'All teachers',
  olympiad: 'Teachers of one olympiad',
  project: 'Public site of a project',
};

/** Tags that end a line or a block: they part words; any other tag (b, strong, em, a, span …) sits inside one. */
const breakingTags =
  /<\/?(?:p|div|br|hr|li|ul|ol|h[1-6]|table|thead|tbody|tr|td|th|blockquote|pre|section|figure|figcaption|img)\b[^>]*>/gi;

/**
 * The text of editor HTML as one line, the one way (a prompt's title in lists, the olympiad check, whether an answer
 * says anything at all): blocks part words, inline tags do not ("<strong>south-west</strong>, in" is "south-west,
 * in"), and the common entities are read.
 */
export const htmlText = (html: string) =>
  html
    .replace(breakingTags, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 20_000;

const FaqFields = z.strictObject({
  audience: FaqAudience,
  olympiadId: Id.nullable().optional(),
  projectId: Id.nullable().optional(),
  question: z
    .string()
    .trim()
    .min(5, 'Write the question (at least 5 characters)')
    .max(FAQ_QUESTION_MAX, `Keep the question under ${FAQ_QUESTION_MAX} characters`),
  /** Rich text (HTML); the server sanitises it before it is stored. */
  answer: z
    .string()
    .max(FAQ_ANSWER_MAX, 'The answer is too long')
    .refine((html) => htmlText(html).length > 0, 'Write the answer'),
  published: z.boolean().default(true),
});

/** One FAQ as an editor sends it: the audience names its olympiad or project. */
export const FaqInput = FaqFields.superRefine((v, ctx) => {
  if (v.audience === 'olympiad' && v.olympiadId == null)
    ctx.addIssue({ code: 'custom', path: ['olympiadId'], message: 'Choose the olympiad' });
  if (v.audience === 'project' && v.projectId == null)
    ctx.addIssue({ code: 'custom', path: ['projectId'], message: 'Choose the project' });
});
export type FaqInput = z.input<typeof FaqInput>;

export const Faq = z.object({
  id: z.number().int(),
  audience: FaqAudience,
  olympiadId: z.number().int().nullable(),
  olympiadName: z.string().nullable(),
  olympiadTitle: z.string().nullable(),
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable(),
  projectTitle: z.string().nullable(),
  question: z.string(),
  /** Sanitised HTML. */
  answer: z.string(),
  position: z.number().int(),
  published: z.boolean(),
  updatedAt: z.string(),
  /** What the caller may do with it (the server's policy answers, not the UI). */
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type Faq = z.infer<typeof Faq>;

export const faqSorts = ['position', 'question', 'updatedAt'] as const;
export const FaqListQuery = PageQuery.extend({
  audience: FaqAudience.optional(),
  olympiadId: IdText.optional(),
  projectId: IdText.optional(),
  published: z.enum(['true', 'false']).optional(),
  sort: z.enum(faqSorts).optional(),
}).strict();

/** One group (an audience with its olympiad or project) in a new order: all of its ids, once each. */
export const FaqReorderBody = z
  .strictObject({
    audience: FaqAudience,
    olympiadId: Id.nullable().optional(),
    projectId: Id.nullable().optional(),
    ids: z.array(Id).min(1).max(500),
  })
  .refine((v) => new Set(v.ids).size === v.ids.length, { path: ['ids'], message: 'Give each FAQ once' });

/** What a public page shows: published questions and answers only. */
export const PublicFaq = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type PublicFaq = z.infer<typeof PublicFaq>;
export const PublicFaqList = z.object({ success: z.literal(true), items: z.array(PublicFaq) });
