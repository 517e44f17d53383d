import { htmlText } from '#contract/content';
import type {
  ModuleTranslations,
  OlympiadTranslations,
  PaperLanguage,
  QuestionOption,
  QuestionTarget,
  QuestionTranslations,
  QuestionType,
} from '#contract/questions';

/**
 * What a language's version of a text lacks (decision 094): every text the default language has must be there in
 * the other language too, so a learner reading it meets no word of the other. An empty list: complete.
 */

export interface TranslatableQuestion {
  type: QuestionType;
  prompt: string;
  imageUrl: string | null;
  imageAlt: string;
  options: QuestionOption[] | null;
  targets: QuestionTarget[] | null;
  gapText: string;
  translations: QuestionTranslations;
}

const quoted = (s: string) => `“${s.length > 30 ? `${s.slice(0, 27)}…` : s}”`;

/** The parts of a question a language's version lacks, in words: "the prompt", "option “Limpopo”", … */
export function questionGaps(q: TranslatableQuestion, lang: PaperLanguage): string[] {
  const t = q.translations?.[lang];
  if (!t) return ['everything'];
  const gaps: string[] = [];
  if (htmlText(q.prompt) && !htmlText(t.prompt ?? '')) gaps.push('the question');
  if (q.imageUrl && q.imageAlt.trim() && !(t.imageAlt ?? '').trim()) gaps.push('the picture’s description');
  for (const o of q.options ?? [])
    if (o.text.trim() && !(t.options?.[o.id] ?? '').trim()) gaps.push(`option ${quoted(o.text)}`);
  if (q.type !== 'gap_match')
    for (const x of q.targets ?? [])
      if (x.text.trim() && !(t.targets?.[x.id] ?? '').trim()) gaps.push(`${quoted(x.text)} on the right or picture`);
  if ((q.type === 'gap_match' || q.type === 'inline_choice') && q.gapText.trim() && !(t.gapText ?? '').trim())
    gaps.push('the text with gaps');
  return gaps;
}

export function moduleGaps(
  m: { title: string; intro: string; translations: ModuleTranslations },
  lang: PaperLanguage,
): string[] {
  const t = m.translations?.[lang];
  if (!t) return ['everything'];
  const gaps: string[] = [];
  if (m.title.trim() && !t.title.trim()) gaps.push('the title');
  if (htmlText(m.intro) && !htmlText(t.intro ?? '')) gaps.push('the introduction');
  return gaps;
}

/** Whether the olympiad's instructions, and its declaration, lack a version in the language. */
export function olympiadGaps(
  o: { instructions: string; declaration: string; translations: OlympiadTranslations | null },
  lang: PaperLanguage,
): { instructions: boolean; declaration: boolean } {
  const t = o.translations?.[lang];
  return {
    instructions: htmlText(o.instructions) !== '' && !htmlText(t?.instructions ?? ''),
    declaration: htmlText(o.declaration) !== '' && !htmlText(t?.declaration ?? ''),
  };
}
