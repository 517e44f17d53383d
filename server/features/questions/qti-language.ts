import { isDeepStrictEqual } from 'node:util';
import type { Element } from '@xmldom/xmldom';
import { gapsIn } from '#contract/interactions';
import {
  type AnswerKey,
  type PaperLanguage,
  type QuestionTranslations,
  languageName,
  otherLanguagesOf,
} from '#contract/questions';
import { normaliseText } from '#contract/scoring';
import type { QtiQuestion } from './qti-question.js';
import { nextQuestionTranslations } from './translations.js';

/**
 * The language of a QTI item (decision 099): an export writes each question once in the olympiad's default language
 * and once more for each translation, as an item of its own with the same identifier and the language as a suffix
 * (`item-0001`, `item-0001-af`), each saying its language with `xml:lang`; an import puts such versions of one item
 * back together as one question, the default language's version in its fields and the other in its translations.
 */

/** What an export and an import need of the olympiad: the languages it is offered in and the one it is written in. */
export interface OlympiadLanguages {
  languages: readonly string[];
  defaultLanguage: string;
}
export const englishOnly: OlympiadLanguages = { languages: ['en'], defaultLanguage: 'en' };

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
/** A language tag as BCP 47 writes it: a language of two or three letters, then subtags (`af`, `en-ZA`). */
const languageTag = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

/** The `xml:lang` an element says, trimmed; null when it says none. */
export function xmlLangOf(el: Element): string | null {
  const raw = el.getAttributeNS(XML_NS, 'lang') ?? el.getAttribute('xml:lang');
  return raw == null || raw.trim() === '' ? null : raw.trim();
}

/**
 * The paper language an item is in: its `xml:lang` when that is English or Afrikaans (any region: `en-ZA` is
 * English), else the olympiad's default, with a note when the tag says something Olympus cannot take.
 */
export function languageOfItem(tag: string | null, o: OlympiadLanguages): { lang: PaperLanguage; note?: string } {
  const fallback = (o.defaultLanguage === 'af' ? 'af' : 'en') as PaperLanguage;
  if (tag == null) return { lang: fallback };
  if (!languageTag.test(tag))
    return {
      lang: fallback,
      note: `its xml:lang “${tag.slice(0, 40)}” is not a language tag: read as ${languageName(fallback)}, the olympiad’s language`,
    };
  const primary = tag.split('-')[0]!.toLowerCase();
  if (primary === 'en' || primary === 'af') return { lang: primary };
  return {
    lang: fallback,
    note: `it is in “${tag.slice(0, 40)}”, a language Olympus does not write papers in: read as ${languageName(fallback)}, the olympiad’s language`,
  };
}

/** The identifier without its language suffix (`q123-af` in Afrikaans is `q123`); as it is otherwise. */
export function baseIdentifier(identifier: string, tag: string | null, lang: PaperLanguage): string {
  for (const suffix of new Set([tag, lang].filter((s): s is string => !!s)))
    for (const sep of ['-', '_'])
      if (identifier.toLowerCase().endsWith(`${sep}${suffix.toLowerCase()}`) && identifier.length > suffix.length + 1)
        return identifier.slice(0, -(suffix.length + 1));
  return identifier;
}

/** The two answers of a true/false question as each language says them (other tools show the choices' words). */
export const trueFalseWords: Record<PaperLanguage, { true: string; false: string }> = {
  en: { true: 'True', false: 'False' },
  af: { true: 'Waar', false: 'Onwaar' },
};

type ShortKey = Extract<AnswerKey, { type: 'short_text' }>;

/**
 * A short answer's accepted answers as the item in another language accepts them: each answer's spellings there just
 * before the answer itself (`Oranje`, `Orange` …), each once, so a tool marking that item alone marks as Olympus
 * does (which takes an accepted answer in any language), the first spelling of the first answer being the correct
 * response a tool shows. A spelling that is the answer itself needs no entry of its own.
 */
export function keyInLanguage(key: ShortKey, lang: PaperLanguage): ShortKey {
  const byAnswer = key.acceptedByLanguage?.[lang];
  if (!byAnswer) return key;
  const seen = new Set<string>();
  const accepted: string[] = [];
  const pointsOf = (a: string) =>
    key.mapping?.entries.find((e) => normaliseText(e.response) === normaliseText(a))?.points ??
    key.mapping?.defaultValue ??
    0;
  const entries: Array<{ response: string; points: number }> = [];
  const add = (text: string, answer: string) => {
    const k = normaliseText(text);
    if (seen.has(k) || key.accepted.some((a) => a !== answer && normaliseText(a) === k)) return;
    seen.add(k);
    accepted.push(text);
    entries.push({ response: text, points: pointsOf(answer) });
  };
  for (const answer of key.accepted) {
    for (const s of byAnswer[answer] ?? []) if (normaliseText(s) !== normaliseText(answer)) add(s, answer);
    add(answer, answer);
  }
  const { acceptedByLanguage: _, ...rest } = key;
  return { ...rest, accepted, ...(key.mapping ? { mapping: { ...key.mapping, entries } } : {}) };
}

/**
 * The spellings of another language's item put back onto the default version's accepted answers: each run of
 * answers that are not the default's own goes to the accepted answer that follows it, as `keyInLanguage` writes them.
 * An item written by another tool with none of the default's answers is read by order (the nth to the nth answer,
 * when there are as many), else every spelling goes to the first answer; `byOrder` says so.
 */
export function spellingsOf(
  accepted: readonly string[],
  inLanguage: readonly string[],
): { byAnswer: Record<string, string[]>; byOrder: boolean } {
  const byAnswer: Record<string, string[]> = {};
  const add = (answer: string, spellings: string[]) => {
    const list = (byAnswer[answer] ??= []);
    for (const s of spellings)
      if (list.length < 20 && !list.some((x) => normaliseText(x) === normaliseText(s))) list.push(s.slice(0, 500));
  };
  let pending: string[] = [];
  let anchored = false;
  for (const s of inLanguage) {
    const answer = accepted.find((a) => normaliseText(a) === normaliseText(s));
    if (!answer) pending.push(s);
    else {
      anchored = true;
      if (pending.length) add(answer, pending);
      pending = [];
    }
  }
  const byOrder = pending.length > 0;
  if (pending.length) {
    if (!anchored && pending.length === accepted.length) pending.forEach((s, i) => add(accepted[i]!, [s]));
    else add(accepted[0]!, pending);
  }
  for (const a of Object.keys(byAnswer)) if (!byAnswer[a]!.length) delete byAnswer[a];
  return { byAnswer, byOrder };
}

/**
 * A question as its item in `lang` shows it: the translation's words where it has them, the question's own where it
 * leaves one out (as the learner reading that language sees it, decision 094), and a short answer's spellings there.
 */
export function questionInLanguage(q: QtiQuestion, lang: PaperLanguage): QtiQuestion {
  const t = q.translations?.[lang];
  if (!t) return q;
  const or = (words: string | undefined, own: string) => (words?.trim() ? words : own);
  return {
    ...q,
    prompt: or(t.prompt, q.prompt),
    imageAlt: or(t.imageAlt, q.imageAlt),
    options: q.options.map((o) => ({ ...o, text: or(t.options[o.id], o.text) })),
    targets: (q.targets ?? []).map((x) => ({ ...x, text: or(t.targets[x.id], x.text) })),
    gapText: or(t.gapText, q.gapText ?? ''),
    answerKey: q.answerKey?.type === 'short_text' ? keyInLanguage(q.answerKey, lang) : q.answerKey,
  };
}

/** The languages a question's export writes besides the default: the olympiad's others that it has words in. */
export const translatedLanguages = (q: QtiQuestion, o: OlympiadLanguages): PaperLanguage[] =>
  otherLanguagesOf(o).filter((l) => q.translations?.[l]);

/** The key as the versions of one question must share it: a short answer's spellings are each version's own. */
function sharedKey(key: AnswerKey | null) {
  if (!key || key.type !== 'short_text') return key;
  return { type: key.type };
}

/** Why an item cannot be another's version in a second language (its structure or key differ); null when it can. */
export function versionMismatch(own: QtiQuestion, other: QtiQuestion): string | null {
  if (own.type !== other.type) return 'it is another kind of question';
  if (own.options.length !== other.options.length) return 'its choices are not the same in number';
  if ((own.targets ?? []).length !== (other.targets ?? []).length) return 'its places or gaps are not the same';
  if (!isDeepStrictEqual(gapsIn(own.gapText ?? '').sort(), gapsIn(other.gapText ?? '').sort()))
    return 'its gaps are not the same';
  if (other.answerKey && !isDeepStrictEqual(sharedKey(own.answerKey), sharedKey(other.answerKey)))
    return 'its correct answer is not the same';
  return null;
}

/**
 * The question of the default version with the other versions' words as its translations (unverified, stored as the
 * editor stores them) and a short answer's spellings in each language; `notes` says where spellings were guessed.
 */
export function withTranslations(
  own: QtiQuestion,
  others: Array<{ lang: PaperLanguage; question: QtiQuestion }>,
  notes: string[] = [],
): QtiQuestion {
  if (!others.length) return own;
  const given = Object.fromEntries(
    others.map(({ lang, question: t }) => [
      lang,
      {
        prompt: t.prompt,
        imageAlt: t.imageAlt,
        options: Object.fromEntries(t.options.map((o) => [o.id, o.text])),
        targets: Object.fromEntries((t.targets ?? []).map((x) => [x.id, x.text])),
        gapText: t.gapText ?? '',
      },
    ]),
  );
  const translations: QuestionTranslations = nextQuestionTranslations({}, given, {
    type: own.type,
    options: own.options,
    targets: own.targets ?? [],
  });
  let answerKey = own.answerKey;
  if (answerKey?.type === 'short_text') {
    const acceptedByLanguage: NonNullable<ShortKey['acceptedByLanguage']> = {};
    for (const { lang, question } of others) {
      if (question.answerKey?.type !== 'short_text') continue;
      const { byAnswer, byOrder } = spellingsOf(answerKey.accepted, question.answerKey.accepted);
      if (!Object.keys(byAnswer).length) continue;
      acceptedByLanguage[lang] = byAnswer;
      if (byOrder)
        notes.push(
          `the ${languageName(lang)} answers were matched to the accepted answers by their order: check them in the editor`,
        );
    }
    if (Object.keys(acceptedByLanguage).length) answerKey = { ...answerKey, acceptedByLanguage };
  }
  return { ...own, answerKey, translations };
}
