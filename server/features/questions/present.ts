import type { QuestionModuleRecord, QuestionRecord } from '../../../contract/authoring.js';
import type { ModuleRow, QuestionRow } from './queries.js';

export function presentModule(m: ModuleRow): QuestionModuleRecord {
  return {
    id: m.id,
    olympiadId: m.olympiadId,
    title: m.title,
    intro: m.intro,
    position: m.position,
    questionCount: m.questionCount,
    updatedAt: m.updatedAt.toISOString(),
  };
}

/** The admin's view of a question: with its key and its verification (never sent to learners). */
export function presentQuestion(q: QuestionRow): QuestionRecord {
  return {
    id: q.id,
    moduleId: q.moduleId,
    position: q.position,
    type: q.type,
    prompt: q.prompt,
    imageUrl: q.imageUrl,
    imageAlt: q.imageAlt,
    options: q.options,
    answerKey: q.answerKey,
    marks: q.marks,
    difficulty: (q.difficulty as QuestionRecord['difficulty']) ?? null,
    retired: q.retiredAt != null,
    verified: q.verifiedAt != null,
    verifiedBy: q.verifiedBy,
    lastEditedBy: q.lastEditedBy,
    lastEditedById: q.lastEditedById,
    answerCount: q.answerCount,
    updatedAt: q.updatedAt.toISOString(),
  };
}
