import type { Faq, PublicFaq } from '#contract/content';
import { iso } from '../../platform/dates.js';
import type { Actor } from '../../http/actor.js';
import { faqPolicy } from './policy.js';
import type { FaqRow } from './queries.js';

/** An FAQ for the editors and the teacher portal, with what the caller may do with it. */
export function presentFaq(actor: Actor, f: FaqRow): Faq {
  return {
    id: f.id,
    audience: f.audience,
    olympiadId: f.olympiadId,
    olympiadName: f.olympiadName,
    olympiadTitle: f.olympiadTitle,
    projectId: f.projectId,
    projectName: f.projectName,
    projectTitle: f.projectTitle,
    question: f.question,
    answer: f.answer,
    position: f.position,
    published: f.published,
    updatedAt: iso(f.updatedAt),
    can: { update: faqPolicy.can(actor, 'edit', f), delete: faqPolicy.can(actor, 'edit', f) },
  };
}

/** What the public site shows: the question and the answer. */
export const presentPublicFaq = (f: Pick<FaqRow, 'id' | 'question' | 'answer'>): PublicFaq => ({
  id: f.id,
  question: f.question,
  answer: f.answer,
});
