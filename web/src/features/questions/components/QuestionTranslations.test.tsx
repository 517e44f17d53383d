import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionRecord } from '#contract/authoring';
import { ok, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { QuestionBody } from '../api/save-question.js';
import { QuestionEditor } from './QuestionEditor.js';

/**
 * The question editor of an olympiad offered in English and Afrikaans (decision 094): the Afrikaans words beside the
 * English, sent in `translations.af` while the English stay the question's own fields; how Afrikaans spells a short
 * answer; and the Afrikaans version verified on its own by a second admin. Only the network is stubbed.
 */

const props = {
  olympiadId: 3,
  moduleId: 11,
  moduleTitle: 'Maps',
  moduleIndex: 0,
  questionIndex: 1,
  questionCount: 3,
  languages: { defaultLanguage: 'en' as const, others: ['af' as const] },
  onDone: () => {},
};

const base = {
  moduleId: 11,
  position: 2,
  imageUrl: null,
  imageAlt: '',
  imageWidth: null,
  imageHeight: null,
  targets: [],
  gapText: '',
  maxChoices: 1,
  shuffle: true,
  marks: 1,
  difficulty: null,
  retired: false,
  verified: true,
  verifiedBy: 'admin2',
  lastEditedBy: 'admin',
  lastEditedById: 1,
  answerCount: 0,
  updatedAt: '2026-03-03T10:00:00.000Z',
  can: { edit: true, verify: true },
};

const choice = QuestionRecord.parse({
  ...base,
  id: 21,
  type: 'single',
  prompt: '<p>Which province is the largest?</p>',
  options: [
    { id: 'a', text: 'Northern Cape', imageUrl: null },
    { id: 'b', text: 'Gauteng', imageUrl: null },
  ],
  answerKey: { type: 'single', correct: 'a' },
  translations: {
    af: {
      prompt: '<p>Watter provinsie is die grootste?</p>',
      imageAlt: '',
      options: { a: 'Noord-Kaap' },
      targets: {},
      gapText: '',
      verified: false,
      verifiedBy: null,
      verifiedAt: null,
    },
  },
});

const shortText = QuestionRecord.parse({
  ...base,
  id: 22,
  type: 'short_text',
  prompt: '<p>Which city is the legislative capital?</p>',
  options: [],
  answerKey: { type: 'short_text', accepted: ['Cape Town'] },
  translations: {},
});

function write(name: string, html: string) {
  const box = screen.getByRole('textbox', { name });
  box.innerHTML = html;
  fireEvent.input(box);
}

const putBody = (sent: ReturnType<typeof stubApi>) =>
  sent.find((r) => r.method === 'PUT')?.body as Record<string, unknown> | undefined;

describe('QuestionEditor: the question in Afrikaans', () => {
  it('shows the Afrikaans words beside the English, in lang="af", and sends them in translations.af', async () => {
    const sent = stubApi({ 'PUT /question/v-rest/21': ok(QuestionBody, { success: true, question: choice }) });
    const { user } = renderWithApp(<QuestionEditor {...props} question={choice} />);

    const af = screen.getByRole('region', { name: 'In Afrikaans' });
    const prompt = within(af).getByRole('textbox', { name: 'Question in Afrikaans' });
    expect(prompt.closest('[lang]')?.getAttribute('lang')).toBe('af');
    expect(within(af).getByText('Which province is the largest?').closest('[lang]')?.getAttribute('lang')).toBe('en');
    const optionB = within(af).getByRole('textbox', { name: 'Option B in Afrikaans' });
    expect((within(af).getByRole('textbox', { name: 'Option A in Afrikaans' }) as HTMLInputElement).value).toBe(
      'Noord-Kaap',
    );

    write('Question in Afrikaans', '<p>Watter provinsie is die grootste in oppervlakte?</p>');
    await user.type(optionB, 'Gauteng');
    await user.click(screen.getByRole('button', { name: 'Save question' }));

    await waitFor(() => expect(putBody(sent)).toBeDefined());
    const body = putBody(sent)!;
    // The English stay the question's own fields, as they were.
    expect(body.prompt).toBe('<p>Which province is the largest?</p>');
    expect(body.options).toEqual([
      { id: 'a', text: 'Northern Cape', imageUrl: null },
      { id: 'b', text: 'Gauteng', imageUrl: null },
    ]);
    expect(body.answerKey).toEqual({ type: 'single', correct: 'a' });
    expect(body.translations).toEqual({
      af: {
        prompt: '<p>Watter provinsie is die grootste in oppervlakte?</p>',
        imageAlt: '',
        options: { a: 'Noord-Kaap', b: 'Gauteng' },
        targets: {},
        gapText: '',
      },
    });
  });

  it('a short answer: sends how Afrikaans spells each accepted answer in the key', async () => {
    const sent = stubApi({ 'PUT /question/v-rest/22': ok(QuestionBody, { success: true, question: shortText }) });
    const { user } = renderWithApp(<QuestionEditor {...props} question={shortText} />);

    write('Question in Afrikaans', '<p>Watter stad is die wetgewende hoofstad?</p>');
    await user.type(screen.getByRole('textbox', { name: '“Cape Town” in Afrikaans' }), 'Kaapstad{Enter}Kaap');
    await user.click(screen.getByRole('button', { name: 'Save question' }));

    await waitFor(() => expect(putBody(sent)).toBeDefined());
    const body = putBody(sent)!;
    expect(body.answerKey).toEqual({
      type: 'short_text',
      accepted: ['Cape Town'],
      acceptedByLanguage: { af: { 'Cape Town': ['Kaapstad', 'Kaap'] } },
    });
    expect((body.translations as Record<string, { prompt: string }>).af!.prompt).toBe(
      '<p>Watter stad is die wetgewende hoofstad?</p>',
    );
  });

  it('a question without Afrikaans words sends no translation', async () => {
    const sent = stubApi({ 'PUT /question/v-rest/22': ok(QuestionBody, { success: true, question: shortText }) });
    const { user } = renderWithApp(<QuestionEditor {...props} question={shortText} />);
    expect(screen.getByText('Afrikaans: missing')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(putBody(sent)).toBeDefined());
    expect(putBody(sent)).not.toHaveProperty('translations');
    expect(putBody(sent)!.answerKey).toEqual({ type: 'short_text', accepted: ['Cape Town'] });
  });

  it('verifies the Afrikaans version with ?language=af and shows who verified it', async () => {
    const verified = {
      ...choice,
      translations: {
        af: {
          ...choice.translations.af!,
          verified: true,
          verifiedBy: 'admin2',
          verifiedAt: '2026-03-04T08:00:00.000Z',
        },
      },
    };
    const sent = stubApi({
      'POST /question/v-rest/21/verify': ok(QuestionBody, { success: true, question: verified }),
    });
    const { user } = renderWithApp(<QuestionEditor {...props} question={choice} />);

    expect(screen.getByText('Afrikaans: not verified')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Verify Afrikaans: question 2' }));

    expect(await screen.findByText('Afrikaans: verified')).toBeTruthy();
    expect(screen.getByText(/^by admin2, /)).toBeTruthy();
    const request = sent.find((r) => r.path === '/question/v-rest/21/verify')!;
    expect(request.method).toBe('POST');
    expect(request.query.get('language')).toBe('af');
    expect(request.query.get('verified')).toBe('true');
  });

  it('the last editor cannot verify the Afrikaans version: a second admin must', () => {
    stubApi({});
    renderWithApp(<QuestionEditor {...props} question={{ ...choice, can: { edit: true, verify: false } }} />);
    const button = screen.getByRole('button', { name: 'Verify Afrikaans: question 2' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('You edited this question last; a second admin must verify it')).toBeTruthy();
  });
});
