import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LanguageResult, SittingState, type AnswerValue, type LearnerQuestion } from '#contract/index';
import { generalCopyDefaults, generalCopyKeys } from '#contract/copy';
import { AnswerInput } from '../../../components/answers/AnswerInput.js';
import { useLocale } from '../../../lib/i18n/index.js';
import { ok, stubApi } from '../../../test/api.js';
import { renderInLearnerPage } from '../../../test/render-learner.js';
import { localisedQuestion } from '../paper-model.js';
import { LanguageSwitch } from './LanguageChoice.js';

/**
 * Switching the language in the middle of the paper: the words change, the answer does not (it is kept by question
 * and option id), and the server is told the new language.
 */

const question: LearnerQuestion = {
  id: 11,
  index: 0,
  type: 'multiple',
  prompt: '<p>Which are provinces?</p>',
  imageUrl: null,
  imageAlt: '',
  marks: 2,
  options: [
    { id: 'a', text: 'Western Cape', imageUrl: null },
    { id: 'b', text: 'Lesotho', imageUrl: null },
    { id: 'c', text: 'Free State', imageUrl: null },
  ],
  imageWidth: null,
  imageHeight: null,
  targets: [],
  gapText: '',
  maxChoices: 1,
  translations: {
    af: {
      prompt: '<p>Watter is provinsies?</p>',
      imageAlt: '',
      options: { a: 'Wes-Kaap', b: 'Lesotho', c: 'Vrystaat' },
      targets: {},
      gapText: '',
    },
  },
};

const state = SittingState.parse({
  success: true,
  step: 'questions',
  window: { open: true, startsAt: null, endsAt: null, message: null },
  olympiad: {
    id: 3,
    varName: 'geo-demo',
    title: 'Geography Olympiad',
    kind: 'school',
    durationMinutes: 60,
    instructions: '',
    declaration: '',
    moduleCount: 1,
    questionCount: 1,
    minGrade: 8,
    maxGrade: 12,
    languages: ['en', 'af'],
    defaultLanguage: 'en',
    translations: {},
  },
  copy: Object.fromEntries(generalCopyKeys.map((key) => [key, generalCopyDefaults[key].default])),
  learner: { firstName: 'Lerato', lastName: 'Khumalo', grade: 10, schoolName: null, timeZone: 'Africa/Johannesburg' },
  attempt: {
    declarationAcceptedAt: '2026-05-14T09:00:00.000Z',
    pinIssued: true,
    pinPending: false,
    detailsConfirmedAt: '2026-05-14T09:01:00.000Z',
    startedAt: '2026-05-14T09:02:00.000Z',
    deadlineAt: '2026-05-14T10:02:00.000Z',
    finishedAt: null,
    finishReason: null,
    position: { moduleIndex: 0, questionIndex: 0 },
    score: null,
    maxScore: null,
    feedbackGiven: false,
    language: null,
  },
  waiting: null,
  serverNow: '2026-05-14T09:30:00.000Z',
});

/** The question page's part that matters here: the header's switch, and the question in the page's language. */
function Page({ given }: { given: AnswerValue[] }) {
  const { locale } = useLocale();
  const [value, setValue] = useState<AnswerValue | undefined>(undefined);
  const shown = localisedQuestion(question, locale, 'en');
  return (
    <>
      <LanguageSwitch state={state} olympiadName="geo-demo" />
      <div id="prompt" dangerouslySetInnerHTML={{ __html: shown.question.prompt }} />
      <AnswerInput
        question={shown.question}
        value={value}
        promptId="prompt"
        textLang={shown.lang.answers}
        onChange={(next) => {
          given.push(next);
          setValue(next);
        }}
      />
    </>
  );
}

describe('switching the language mid-paper', () => {
  it('changes every word and keeps the answer, and tells the server', async () => {
    const sent = stubApi({
      'PUT /api/sitting/geo-demo/language': (request) =>
        ok(LanguageResult, { success: true, language: (request.body as { language: 'en' | 'af' }).language }),
    });
    const given: AnswerValue[] = [];
    const { user } = renderInLearnerPage(<Page given={given} />);
    await user.click(screen.getByRole('checkbox', { name: /Western Cape/ }));
    await user.click(screen.getByRole('checkbox', { name: /Free State/ }));
    expect(given.at(-1)).toEqual({ type: 'multiple', optionIds: ['a', 'c'] });

    await user.click(screen.getByRole('button', { name: 'Afrikaans' }));
    await screen.findByText('Watter is provinsies?');
    expect(document.documentElement.lang).toBe('af');
    expect(screen.getByRole('group', { name: 'Kies almal wat van toepassing is' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Wes-Kaap/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: /Lesotho/ })).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: /Vrystaat/ })).toHaveProperty('checked', true);
    // The switch names the other language in itself, marked as written in it.
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('lang')).toBe('en');

    await user.click(screen.getByRole('button', { name: 'English' }));
    await screen.findByText('Which are provinces?');
    expect(screen.getByRole('checkbox', { name: /Western Cape/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: /Free State/ })).toHaveProperty('checked', true);
    // Nothing was given again by the switch: the answer is the learner's two ticks.
    expect(given).toHaveLength(2);
    await waitFor(() => expect(sent.map((r) => r.body)).toEqual([{ language: 'af' }, { language: 'en' }]));
  });

  it('marks the words of an option that has no translation as the question’s own language', async () => {
    const partial = { ...question, translations: { af: { ...question.translations.af!, options: { a: 'Wes-Kaap' } } } };
    const shown = localisedQuestion(partial, 'af', 'en');
    renderInLearnerPage(
      <AnswerInput
        question={shown.question}
        value={undefined}
        promptId="p"
        onChange={() => {}}
        textLang={shown.lang.answers}
      />,
    );
    expect(screen.getByText('Free State').getAttribute('lang')).toBe('en');
  });
});
