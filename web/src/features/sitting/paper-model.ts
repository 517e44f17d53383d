import type { LearnerModule, LearnerQuestion, PaperLanguage, SittingState } from '#contract/index';

/** One question in the order the learner meets them. */
export interface PaperItem {
  moduleIndex: number;
  questionIndex: number;
  /** 1-based number across the whole paper. */
  number: number;
  module: LearnerModule;
  question: LearnerQuestion;
}

export function flatten(modules: LearnerModule[]): PaperItem[] {
  const items: PaperItem[] = [];
  modules.forEach((module, moduleIndex) =>
    module.questions.forEach((question, questionIndex) =>
      items.push({ moduleIndex, questionIndex, number: items.length + 1, module, question }),
    ),
  );
  return items;
}

/**
 * A text in the learner's language (decision 091): the translation when there is one, else the default language's
 * own text, with `lang` saying so (the element that shows it carries that `lang`, so a screen reader reads it right).
 * `lang` is undefined when the text is in the chosen language.
 */
export interface Localised<T> {
  value: T;
  /** The language of the texts shown where they are not the chosen one's (the default language). */
  lang: PaperLanguage | undefined;
}

const has = (text: string | undefined): text is string => text != null && text.trim() !== '';

/**
 * A question in `language`: prompt, picture text, options, targets and gap text from its translation, each that
 * is missing the question's own. Ids, order, marks and pictures are the question's: an answer (by question and
 * option id) is the same answer in any language. `lang.prompt` is the default language where the prompt fell back;
 * `lang.answers` where any option, target or gap text did.
 */
export function localisedQuestion(
  question: LearnerQuestion,
  language: PaperLanguage,
  defaultLanguage: PaperLanguage,
): { question: LearnerQuestion; lang: { prompt: PaperLanguage | undefined; answers: PaperLanguage | undefined } } {
  if (language === defaultLanguage) return { question, lang: { prompt: undefined, answers: undefined } };
  const text = question.translations[language];
  let answersFellBack = false;
  const pick = (own: string, translated: string | undefined) => {
    if (has(translated)) return translated;
    if (has(own)) answersFellBack = true;
    return own;
  };
  const options = question.options.map((o) => ({ ...o, text: pick(o.text, text?.options[o.id]) }));
  const targets = question.targets.map((t) => ({ ...t, text: pick(t.text, text?.targets[t.id]) }));
  const gapText = pick(question.gapText, text?.gapText);
  const promptOwn = !has(text?.prompt);
  return {
    question: {
      ...question,
      prompt: promptOwn ? question.prompt : text!.prompt,
      imageAlt: has(text?.imageAlt) ? text!.imageAlt : question.imageAlt,
      options,
      targets,
      gapText,
    },
    lang: { prompt: promptOwn ? defaultLanguage : undefined, answers: answersFellBack ? defaultLanguage : undefined },
  };
}

/** A section's title and intro in `language`, each falling back to its own (then `lang` is the default language). */
export function localisedModule(
  module: LearnerModule,
  language: PaperLanguage,
  defaultLanguage: PaperLanguage,
): { title: Localised<string>; intro: Localised<string> } {
  const text = language === defaultLanguage ? undefined : module.translations[language];
  const one = (own: string, translated: string | undefined): Localised<string> =>
    language === defaultLanguage || has(translated)
      ? { value: translated ?? own, lang: undefined }
      : { value: own, lang: has(own) ? defaultLanguage : undefined };
  return { title: one(module.title, text?.title), intro: one(module.intro, text?.intro) };
}

/** The olympiad's instructions and declaration in `language`, each falling back to the default language's. */
export function localisedOlympiad(
  olympiad: Pick<SittingState['olympiad'], 'instructions' | 'declaration' | 'translations' | 'defaultLanguage'>,
  language: PaperLanguage,
): { instructions: Localised<string>; declaration: Localised<string> } {
  const own = olympiad.defaultLanguage;
  const text = language === own ? undefined : olympiad.translations[language];
  const one = (mine: string, translated: string | undefined): Localised<string> =>
    language === own || has(translated)
      ? { value: translated ?? mine, lang: undefined }
      : { value: mine, lang: has(mine) ? own : undefined };
  return {
    instructions: one(olympiad.instructions, text?.instructions),
    declaration: one(olympiad.declaration, text?.declaration),
  };
}
