import type { ResolvedGeneralCopy } from '#contract/copy';
import type {
  AnswerKey,
  LearnerModule,
  LearnerQuestion,
  LearnerQuestionText,
  ModuleTranslations,
  OlympiadTranslations,
  PaperLanguage,
  QuestionTranslations,
  QuestionOption,
  QuestionTarget,
} from '#contract/questions';
import type { SavedAnswer, SittingState, SittingStep, StartTimeRow, SubmittedData } from '#contract/sitting';
import type { z } from 'zod';
import { iso, isoOrNull } from '../../platform/dates.js';
import type { Olympiad } from '../../platform/olympiad-lookup.js';
import type { AnswerRow } from './answer-queries.js';
import type { AttemptRow, LearnerRow } from './attempt-queries.js';
import type { StartTimeDbRow, submittedAnswers } from './day-queries.js';
import type { QuestionRow } from './paper-queries.js';

/** What leaves the server on exam day: explicit allow-lists; answer keys never reach a learner. */

/** FNV-1a of a string: the seed of a learner's option order. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic generator, so an attempt's order is the same on every call. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The options in this attempt's own order (Fisher–Yates seeded by attempt and question): stable per learner. The
 * positions for which `fixed` is true keep their option ("All of the above" stays last); the others are shuffled
 * among themselves, in the same order as ever when none is fixed. `salt` gives a second list of the same question
 * (a match's right-hand column) an order of its own.
 */
export function shuffledFor<T>(
  items: readonly T[],
  attemptId: number,
  questionId: number,
  fixed: (index: number) => boolean = () => false,
  salt = '',
): T[] {
  const free = items.map((_, i) => i).filter((i) => !fixed(i));
  const moved = free.map((i) => items[i]!);
  const next = generator(hash32(`${attemptId}:${questionId}${salt}`));
  for (let i = moved.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [moved[i], moved[j]] = [moved[j]!, moved[i]!];
  }
  const out = [...items];
  free.forEach((at, k) => (out[at] = moved[k]!));
  return out;
}

/**
 * The types whose options follow the olympiad's shuffle and `fixed`, as choices do (decision 084). A hotspot's
 * options are areas in their own places on the picture: their list is only the order a keyboard and a screen reader
 * go through them, best the author's (west to east, say), so it stays as written. An order question is never here:
 * its items are always in the learner's own order (`orderItemsFor`).
 */
const shufflingTypes: ReadonlySet<string> = new Set([
  'single',
  'multiple',
  'inline_choice',
  'gap_match',
  'graphic_gap_match',
  'match',
]);

/**
 * A question's options as this attempt sees them: shuffled when the olympiad shuffles and the question allows it
 * (QTI's `shuffle`), each fixed option (QTI's `fixed`) in its own place. `stored` is the question's options as
 * written, `options` the same options as presented.
 */
export function orderedFor<T>(
  q: { id: number; type: string; shuffle: boolean; options: ReadonlyArray<{ fixed?: boolean }> | null },
  options: readonly T[],
  shuffle: { attemptId: number } | null,
): readonly T[] {
  if (!shuffle || !q.shuffle || !shufflingTypes.has(q.type)) return options;
  return shuffledFor(options, shuffle.attemptId, q.id, (i) => q.options?.[i]?.fixed === true);
}

/**
 * A match's right-hand column as this attempt sees it: shuffled as its options are, with an order of its own. The
 * places of a graphic gap match stay where the picture has them and a gap match's gaps where the text has them.
 */
export function targetsOrderedFor<T>(
  q: { id: number; type: string; shuffle: boolean; targets: ReadonlyArray<{ fixed?: boolean }> | null },
  targets: readonly T[],
  shuffle: { attemptId: number } | null,
): readonly T[] {
  if (!shuffle || !q.shuffle || q.type !== 'match') return targets;
  return shuffledFor(targets, shuffle.attemptId, q.id, (i) => q.targets?.[i]?.fixed === true, ':targets');
}

/**
 * An order question's items in this attempt's own order, whether or not the olympiad shuffles: the order written is
 * the answer. Never the key's order when there are two items or more: a shuffle that lands on it is turned by one
 * place. Without an attempt (the paper as cached before any learner's order), a fixed order that is not the key's.
 */
export function orderItemsFor<T extends { id: string }>(
  q: { id: number; answerKey: AnswerKey | null },
  items: readonly T[],
  attemptId: number | null,
): T[] {
  if (items.length < 2) return [...items];
  const shuffled = shuffledFor(items, attemptId ?? 0, q.id);
  const key = q.answerKey?.type === 'order' ? q.answerKey.correct : items.map((o) => o.id);
  const inKeyOrder = shuffled.length === key.length && shuffled.every((o, i) => o.id === key[i]);
  if (!inKeyOrder) return shuffled;
  // Turned by one: every item moves, so the order differs from the key's whenever two items differ.
  return [...shuffled.slice(1), shuffled[0]!];
}

/**
 * An option as a learner receives it: its words and picture, a hotspot's area (the question itself) and how many
 * pairs it may be in. Never whether it is fixed: the learner is not told.
 */
const presentOption = (o: QuestionOption): QuestionOption => ({
  id: o.id,
  text: o.text ?? '',
  imageUrl: o.imageUrl ?? null,
  ...(o.area ? { area: o.area } : {}),
  ...(o.matchMax != null ? { matchMax: o.matchMax } : {}),
});

/** A place, a gap or a right-hand item as a learner receives it; no target carries a key. */
const presentTarget = (t: QuestionTarget): QuestionTarget => ({
  id: t.id,
  text: t.text ?? '',
  imageUrl: t.imageUrl ?? null,
  ...(t.area ? { area: t.area } : {}),
  ...(t.matchMax != null ? { matchMax: t.matchMax } : {}),
});

/** Whose paper it is: the attempt, and whether the olympiad puts options in each learner's own order. */
export interface PaperOrder {
  attemptId: number;
  shuffle: boolean;
}

/** The options and targets of a presented question put in this attempt's order (the stored row says what moves). */
export function arrangedFor(q: QuestionRow, presented: LearnerQuestion, order: PaperOrder | null): LearnerQuestion {
  if (q.type === 'order') {
    return { ...presented, options: orderItemsFor(q, (q.options ?? []).map(presentOption), order?.attemptId ?? null) };
  }
  const shuffle = order?.shuffle ? { attemptId: order.attemptId } : null;
  if (!shuffle || !q.shuffle || !shufflingTypes.has(q.type)) return presented;
  return {
    ...presented,
    options: [...orderedFor(q, presented.options, shuffle)],
    targets: [...targetsOrderedFor(q, presented.targets, shuffle)],
  };
}

/** The languages a learner may read the paper in besides its own: those the olympiad offers but the default. */
export function otherLanguages(o: { languages: readonly string[]; defaultLanguage: string }): PaperLanguage[] {
  return o.languages.filter((l): l is PaperLanguage => (l === 'en' || l === 'af') && l !== o.defaultLanguage);
}

/**
 * A question's words in the other languages offered, as a learner receives them (decision 094): an allow-list of the
 * texts, options and targets only by the ids the question has, never who verified it and never a key. A language
 * without a stored version is left out; a text left empty is the question's own.
 */
export function presentQuestionTranslations(
  q: Pick<QuestionRow, 'prompt' | 'imageAlt' | 'gapText' | 'type' | 'options' | 'targets'> & {
    translations?: QuestionTranslations;
  },
  languages: readonly PaperLanguage[],
): Partial<Record<PaperLanguage, LearnerQuestionText>> {
  const out: Partial<Record<PaperLanguage, LearnerQuestionText>> = {};
  for (const lang of languages) {
    const t = q.translations?.[lang];
    if (!t) continue;
    const byId = (list: ReadonlyArray<{ id: string; text?: string }> | null, words: Record<string, string>) =>
      Object.fromEntries((list ?? []).map((o) => [o.id, words?.[o.id] || (o.text ?? '')]));
    out[lang] = {
      prompt: t.prompt || q.prompt,
      imageAlt: t.imageAlt || q.imageAlt,
      options: byId(q.options, t.options ?? {}),
      targets: byId(q.targets, t.targets ?? {}),
      gapText: q.type === 'gap_match' || q.type === 'inline_choice' ? t.gapText || q.gapText : '',
    };
  }
  return out;
}

/** A section's title and intro in the other languages offered; never who verified them. */
export function presentModuleTranslations(
  m: { title: string; intro: string; translations?: ModuleTranslations },
  languages: readonly PaperLanguage[],
): LearnerModule['translations'] {
  const out: LearnerModule['translations'] = {};
  for (const lang of languages) {
    const t = m.translations?.[lang];
    if (t) out[lang] = { title: t.title || m.title, intro: t.intro || m.intro };
  }
  return out;
}

/** The olympiad's instructions and declaration in the other languages offered. */
export function presentOlympiadTranslations(o: {
  languages: readonly string[];
  defaultLanguage: string;
  instructions: string;
  declaration: string;
  translations?: OlympiadTranslations | null;
}): SittingState['olympiad']['translations'] {
  const out: SittingState['olympiad']['translations'] = {};
  for (const lang of otherLanguages(o)) {
    const t = o.translations?.[lang];
    if (t) out[lang] = { instructions: t.instructions || o.instructions, declaration: t.declaration || o.declaration };
  }
  return out;
}

/**
 * A question as the learner sees it. There is no key field here, by construction: a select-point question's areas
 * are its key's alone, so the learner receives only the picture. `languages` are the other languages the olympiad
 * offers, whose words come along (the fields themselves are in its default language).
 */
export function presentQuestionForLearner(
  q: QuestionRow,
  index: number,
  order: PaperOrder | null,
  languages: readonly PaperLanguage[] = [],
): LearnerQuestion {
  const presented: LearnerQuestion = {
    id: q.id,
    index,
    type: q.type,
    prompt: q.prompt,
    imageUrl: q.imageUrl,
    imageAlt: q.imageAlt,
    marks: q.marks,
    options: (q.options ?? []).map(presentOption),
    imageWidth: q.imageWidth,
    imageHeight: q.imageHeight,
    targets: (q.targets ?? []).map(presentTarget),
    gapText: q.type === 'gap_match' || q.type === 'inline_choice' ? q.gapText : '',
    maxChoices: q.type === 'hotspot' ? q.maxChoices : 1,
    translations: presentQuestionTranslations(q, languages),
  };
  return arrangedFor(q, presented, order);
}

/** The paper's modules, in order, with their questions for this learner. */
export function presentModules(
  questions: QuestionRow[],
  order: PaperOrder | null,
  languages: readonly PaperLanguage[] = [],
): LearnerModule[] {
  const modules: LearnerModule[] = [];
  let current: LearnerModule | null = null;
  for (const q of questions) {
    if (!current || current.id !== q.moduleId) {
      current = {
        id: q.moduleId,
        index: modules.length,
        title: q.moduleTitle,
        intro: q.moduleIntro,
        translations: presentModuleTranslations(
          { title: q.moduleTitle, intro: q.moduleIntro, translations: q.moduleTranslations },
          languages,
        ),
        questions: [],
      };
      modules.push(current);
    }
    current.questions.push(presentQuestionForLearner(q, current.questions.length, order, languages));
  }
  return modules;
}

export const presentSavedAnswer = (a: AnswerRow): SavedAnswer => ({
  questionId: a.questionId,
  value: a.value,
  flagged: a.flagged,
  savedAt: iso(a.savedAt),
});

/** Where the learner really is (the page redirects any deep link to this step). */
export function stepOf(attempt: AttemptRow | null): SittingStep {
  if (!attempt) return 'instructions';
  if (attempt.finishedAt) return 'finished';
  if (attempt.detailsConfirmedAt) return 'questions';
  if (attempt.pinIssuedAt) return 'learner-details';
  if (attempt.declarationAcceptedAt) return 'recovery-pin';
  return 'instructions';
}

export function presentState(input: {
  olympiad: Olympiad;
  counts: { modules: number; questions: number };
  learner: LearnerRow;
  attempt: AttemptRow | null;
  window: { open: boolean; message: string | null };
  copy: ResolvedGeneralCopy;
  waiting: SittingState['waiting'];
}): SittingState {
  const { olympiad, attempt, learner } = input;
  const showScore = attempt?.finishedAt != null && olympiad.showScore;
  return {
    success: true,
    step: stepOf(attempt),
    window: {
      open: input.window.open,
      startsAt: isoOrNull(olympiad.startsAt),
      endsAt: isoOrNull(olympiad.endsAt),
      message: input.window.message,
    },
    olympiad: {
      id: olympiad.id,
      varName: olympiad.varName,
      title: olympiad.title,
      kind: olympiad.kind,
      durationMinutes: olympiad.durationMinutes ?? 0,
      instructions: olympiad.instructions,
      declaration: olympiad.declaration,
      moduleCount: input.counts.modules,
      questionCount: input.counts.questions,
      minGrade: olympiad.minGrade,
      maxGrade: olympiad.maxGrade,
      languages: olympiad.languages as PaperLanguage[],
      defaultLanguage: olympiad.defaultLanguage as PaperLanguage,
      translations: presentOlympiadTranslations(olympiad),
    },
    copy: input.copy,
    learner: {
      firstName: learner.firstName,
      lastName: learner.lastName,
      grade: learner.grade,
      schoolName: learner.schoolName,
      timeZone: learner.timeZone,
    },
    attempt: {
      declarationAcceptedAt: isoOrNull(attempt?.declarationAcceptedAt),
      pinIssued: attempt?.pinIssuedAt != null,
      pinPending: attempt?.pinIssuedAt == null && attempt?.recoveryPinHash != null,
      detailsConfirmedAt: isoOrNull(attempt?.detailsConfirmedAt),
      startedAt: isoOrNull(attempt?.startedAt),
      deadlineAt: isoOrNull(attempt?.deadlineAt),
      finishedAt: isoOrNull(attempt?.finishedAt),
      finishReason: attempt?.finishReason ?? null,
      position: attempt?.position ?? null,
      score: showScore ? (attempt?.score ?? null) : null,
      maxScore: showScore ? (attempt?.maxScore ?? null) : null,
      feedbackGiven: attempt?.feedbackAt != null,
      language: (attempt?.language as PaperLanguage | null | undefined) ?? null,
    },
    waiting: input.waiting,
    serverNow: new Date().toISOString(),
  };
}

/* ---- the admin's view of the day ---- */

const nameOf = (r: { firstName: string; lastName: string; username: string }) =>
  `${r.firstName} ${r.lastName}`.trim() || r.username;

/** One learner's row on the start-times page. */
export const presentStartTime = (r: StartTimeDbRow): z.infer<typeof StartTimeRow> => ({
  learnerId: r.learnerId,
  username: r.username,
  name: nameOf(r),
  grade: r.grade,
  schoolId: r.schoolId,
  schoolName: r.schoolName,
  status: r.status,
  startedAt: isoOrNull(r.startedAt),
  deadlineAt: isoOrNull(r.deadlineAt),
  finishedAt: isoOrNull(r.finishedAt),
  finishReason: r.finishReason,
  extraMinutes: r.extraMinutes ?? 0,
  lastSeenAt: isoOrNull(r.lastSeenAt),
  ipChanges: r.ipChanges ?? 0,
  score: r.score,
  maxScore: r.maxScore,
});

/** What a learner submitted, with marks and the key: for the admins of their olympiad only. */
export function presentSubmittedData(
  learner: LearnerRow,
  attempt: AttemptRow | null,
  answers: Awaited<ReturnType<typeof submittedAnswers>>,
): z.infer<typeof SubmittedData> {
  return {
    success: true,
    learner: { id: learner.id, username: learner.username, name: nameOf(learner), schoolName: learner.schoolName },
    attempt: attempt
      ? {
          status: attempt.finishedAt ? 'finished' : attempt.startedAt ? 'writing' : 'not_started',
          startedAt: isoOrNull(attempt.startedAt),
          deadlineAt: isoOrNull(attempt.deadlineAt),
          finishedAt: isoOrNull(attempt.finishedAt),
          finishReason: attempt.finishReason,
          score: attempt.score,
          maxScore: attempt.maxScore,
          moduleScores: attempt.moduleScores ?? [],
          ipChanges: attempt.ipChanges,
          feedback: attempt.feedbackAt ? { rating: attempt.feedbackRating, comment: attempt.feedbackComment } : null,
        }
      : null,
    answers: answers.map((a) => ({
      questionId: a.questionId,
      moduleId: a.moduleId,
      type: a.type,
      prompt: a.prompt,
      marks: a.marks,
      value: a.value,
      flagged: a.flagged ?? false,
      savedAt: isoOrNull(a.savedAt),
      givenAt: isoOrNull(a.givenAt),
      syncedLate: a.syncedLate ?? false,
      marksAwarded: a.marksAwarded,
      answerKey: a.answerKey,
      options: (a.options ?? []).map((o) => ({ id: o.id, text: o.text })),
      targets: (a.targets ?? []).map((t) => ({ id: t.id, text: t.text })),
      gapText: a.gapText,
    })),
  };
}
