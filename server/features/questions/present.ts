import type { QuestionModuleRecord, QuestionRecord } from '#contract/authoring';
import type { Actor } from '../../http/actor.js';
import { iso } from '../../platform/dates.js';
import { moduleFlags, questionFlags, questionsPolicy } from './policy.js';
import type { ModuleRow, QuestionRow } from './queries.js';
import { presentTranslations } from './translations.js';

export function presentModule(actor: Actor, m: ModuleRow): QuestionModuleRecord {
  return {
    id: m.id,
    olympiadId: m.olympiadId,
    title: m.title,
    intro: m.intro,
    position: m.position,
    questionCount: m.questionCount,
    translations: presentTranslations(m.translations, m.verifierNames, (t) => ({ title: t.title, intro: t.intro })),
    updatedAt: iso(m.updatedAt),
    can: questionsPolicy.flags(actor, m, moduleFlags),
  };
}

/** The admin's view of a question (of an olympiad): with its key and its verification (never sent to learners). */
export function presentQuestion(actor: Actor, olympiadId: number, q: QuestionRow): QuestionRecord {
  return {
    id: q.id,
    moduleId: q.moduleId,
    position: q.position,
    type: q.type,
    prompt: q.prompt,
    imageUrl: q.imageUrl,
    imageAlt: q.imageAlt,
    options: q.options,
    imageWidth: q.imageWidth,
    imageHeight: q.imageHeight,
    targets: q.targets,
    gapText: q.gapText,
    maxChoices: q.maxChoices,
    shuffle: q.shuffle,
    answerKey: q.answerKey,
    marks: q.marks,
    difficulty: (q.difficulty as QuestionRecord['difficulty']) ?? null,
    retired: q.retiredAt != null,
    verified: q.verifiedAt != null,
    verifiedBy: q.verifiedBy,
    lastEditedBy: q.lastEditedBy,
    lastEditedById: q.lastEditedById,
    answerCount: q.answerCount,
    translations: presentTranslations(q.translations, q.verifierNames, (t) => ({
      prompt: t.prompt,
      imageAlt: t.imageAlt,
      options: t.options ?? {},
      targets: t.targets ?? {},
      gapText: t.gapText ?? '',
    })),
    updatedAt: iso(q.updatedAt),
    can: questionsPolicy.flags(actor, { olympiadId, lastEditedById: q.lastEditedById }, questionFlags),
  };
}
