import { describe, expect, it } from 'vitest';
import type { LearnerModule, LearnerQuestion } from '#contract/index';
import { localisedModule, localisedOlympiad, localisedQuestion } from './paper-model.js';

const question: LearnerQuestion = {
  id: 7,
  index: 0,
  type: 'single',
  prompt: '<p>Which river is longest?</p>',
  imageUrl: null,
  imageAlt: 'A map',
  marks: 2,
  options: [
    { id: 'a', text: 'Orange', imageUrl: null },
    { id: 'b', text: 'Limpopo', imageUrl: null },
  ],
  imageWidth: null,
  imageHeight: null,
  targets: [],
  gapText: '',
  maxChoices: 1,
  translations: {
    af: {
      prompt: '<p>Watter rivier is die langste?</p>',
      imageAlt: 'n Kaart',
      options: { a: 'Oranje' },
      targets: {},
      gapText: '',
    },
  },
};

describe('localisedQuestion', () => {
  it('reads the translation, keeping ids, order and marks, and says where it fell back to the default language', () => {
    const { question: af, lang } = localisedQuestion(question, 'af', 'en');
    expect(af.prompt).toBe('<p>Watter rivier is die langste?</p>');
    expect(af.imageAlt).toBe('n Kaart');
    expect(af.options).toEqual([
      { id: 'a', text: 'Oranje', imageUrl: null },
      { id: 'b', text: 'Limpopo', imageUrl: null },
    ]);
    expect(af).toMatchObject({ id: 7, marks: 2, type: 'single' });
    // Option b has no Afrikaans: its own (English) text shows, marked as English.
    expect(lang).toEqual({ prompt: undefined, answers: 'en' });
  });

  it('is the question itself in the default language', () => {
    expect(localisedQuestion(question, 'en', 'en')).toEqual({
      question,
      lang: { prompt: undefined, answers: undefined },
    });
  });

  it('falls back to every own text of a question with no translation, marked as the default language', () => {
    const { question: af, lang } = localisedQuestion({ ...question, translations: {} }, 'af', 'en');
    expect(af.prompt).toBe(question.prompt);
    expect(af.options.map((o) => o.text)).toEqual(['Orange', 'Limpopo']);
    expect(lang).toEqual({ prompt: 'en', answers: 'en' });
  });

  it('reads an Afrikaans olympiad’s English translation the same way', () => {
    const own = { ...question, translations: { en: { ...question.translations.af!, prompt: '<p>Longest?</p>' } } };
    const { question: en, lang } = localisedQuestion(own, 'en', 'af');
    expect(en.prompt).toBe('<p>Longest?</p>');
    expect(lang.prompt).toBeUndefined();
  });
});

describe('localisedModule and localisedOlympiad', () => {
  const module: LearnerModule = {
    id: 1,
    index: 0,
    title: 'Rivers',
    intro: '<p>About rivers</p>',
    translations: { af: { title: 'Riviere', intro: '' } },
    questions: [],
  };

  it('takes each text from the translation, else the own text with its language', () => {
    expect(localisedModule(module, 'af', 'en')).toEqual({
      title: { value: 'Riviere', lang: undefined },
      intro: { value: '<p>About rivers</p>', lang: 'en' },
    });
    expect(localisedModule(module, 'en', 'en').title).toEqual({ value: 'Rivers', lang: undefined });
  });

  it('does the same for the instructions and the declaration', () => {
    const olympiad = {
      instructions: '<p>Read carefully</p>',
      declaration: 'I declare',
      defaultLanguage: 'en' as const,
      translations: { af: { instructions: '<p>Lees mooi</p>', declaration: '' } },
    };
    expect(localisedOlympiad(olympiad, 'af')).toEqual({
      instructions: { value: '<p>Lees mooi</p>', lang: undefined },
      declaration: { value: 'I declare', lang: 'en' },
    });
    expect(localisedOlympiad(olympiad, 'en').declaration).toEqual({ value: 'I declare', lang: undefined });
  });
});
