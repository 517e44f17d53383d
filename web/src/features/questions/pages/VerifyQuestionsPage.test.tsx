import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaperResult, QuestionModuleRecord, QuestionRecord } from '#contract/authoring';
import { OlympiadRecord, OlympiadResultBody, VerifyResult } from '#contract/olympiads';
import { clearUser, storeUser } from '../../../lib/session/index.js';
import { ok, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { QuestionBody } from '../api/save-question.js';
import { VerifyQuestionsPage } from './VerifyQuestionsPage.js';

/**
 * The verify page of a paper in English and Afrikaans (decision 094): per language what is verified, the questions
 * still to verify in any language, and each language's version verified on its own. Only the network is stubbed.
 */

const admin = {
  success: true,
  id: 2,
  username: 'admin2',
  name: 'Second Admin',
  email: null,
  role: 'admin',
  olympiadId: 3,
  olympiadName: 'geo-2026',
  schoolId: null,
  grants: [{ olympiadId: 3, olympiadName: 'geo-2026', olympiadTitle: 'Geography Olympiad 2026', role: 'admin' }],
  home: '/geo-2026/admin/reports/overview',
  impersonator: null,
  accessToken: { token: 'token', expiresAt: '2099-01-01T00:00:00.000Z' },
  language: 'en',
};

const olympiad = OlympiadRecord.parse({
  id: 3,
  projectId: 1,
  projectName: 'geography',
  subProjectId: null,
  varName: 'geo-2026',
  title: 'Geography Olympiad 2026',
  year: 2026,
  kind: 'school',
  open: false,
  pinned: false,
  startsAt: null,
  endsAt: null,
  durationMinutes: 60,
  feeCents: 0,
  currency: 'ZAR',
  teamSize: 4,
  minGrade: 8,
  maxGrade: 12,
  instructions: '',
  declaration: '',
  shuffleOptions: false,
  showScore: false,
  paymentRequired: false,
  languages: ['en', 'af'],
  defaultLanguage: 'en',
  translations: {},
  updatedAt: '2026-03-01T08:00:00.000Z',
  can: { edit: true, editAll: false, open: true, pin: true, grant: false },
});

type AfState = { verified: boolean; verifiedBy: string | null; verifiedAt: string | null };
const unverifiedAf: AfState = { verified: false, verifiedBy: null, verifiedAt: null };
const verifiedAf = { verified: true, verifiedBy: 'admin', verifiedAt: '2026-03-02T09:00:00.000Z' };

const question = (id: number, position: number, prompt: string, af: string, afState: AfState) =>
  QuestionRecord.parse({
    id,
    moduleId: 7,
    position,
    type: 'single',
    prompt: `<p>${prompt}</p>`,
    imageUrl: null,
    imageAlt: '',
    options: [
      { id: 'a', text: 'Yes', imageUrl: null },
      { id: 'b', text: 'No', imageUrl: null },
    ],
    imageWidth: null,
    imageHeight: null,
    targets: [],
    gapText: '',
    maxChoices: 1,
    shuffle: true,
    answerKey: { type: 'single', correct: 'a' },
    marks: 1,
    difficulty: null,
    retired: false,
    verified: true,
    verifiedBy: 'admin2',
    lastEditedBy: 'admin',
    lastEditedById: 1,
    answerCount: 0,
    translations: {
      af: {
        prompt: `<p>${af}</p>`,
        imageAlt: '',
        options: { a: 'Ja', b: 'Nee' },
        targets: {},
        gapText: '',
        ...afState,
      },
    },
    updatedAt: '2026-03-03T10:00:00.000Z',
    can: { edit: true, verify: true },
  });

const first = question(41, 1, 'Is Gauteng a province?', 'Is Gauteng ’n provinsie?', unverifiedAf);
const second = question(42, 2, 'Is the Karoo dry?', 'Is die Karoo droog?', verifiedAf);
const maps = QuestionModuleRecord.parse({
  id: 7,
  olympiadId: 3,
  title: 'Maps',
  intro: '',
  position: 1,
  questionCount: 2,
  translations: { af: { title: 'Kaarte', intro: '', ...unverifiedAf } },
  updatedAt: '2026-03-03T10:00:00.000Z',
  can: { edit: true },
});

function show() {
  storeUser(admin);
  const sent = stubApi({
    'POST /olympiad/modules/3': ok(PaperResult, {
      success: true,
      olympiadId: 3,
      modules: [{ ...maps, questions: [first, second] }],
    }),
    'GET /olympiad/v-rest/single': ok(OlympiadResultBody, { success: true, olympiad }),
    'GET /olympiad/verify/3': ok(VerifyResult, {
      success: true,
      olympiadId: 3,
      ready: true,
      blockers: [],
      counts: { modules: 1, questions: 2, verified: 2 },
      openedDespite: null,
      payment: { required: false, blockedSchools: [] },
    }),
    'POST /question/v-rest/41/verify': ok(QuestionBody, {
      success: true,
      question: { ...first, translations: { af: { ...first.translations.af!, ...verifiedAf } } },
    }),
    'POST /question-module/v-rest/7/verify': ok(
      QuestionBody.pick({ success: true }).extend({ module: QuestionModuleRecord }),
      { success: true, module: { ...maps, translations: { af: { ...maps.translations.af!, ...verifiedAf } } } },
    ),
  });
  const view = renderWithApp(<VerifyQuestionsPage />, {
    path: '/geo-2026/admin/reports/verify-questions',
    route: '/:olympiadName/admin/reports/verify-questions',
  });
  return { sent, ...view };
}

afterEach(() => clearUser());

describe('VerifyQuestionsPage: a paper in English and Afrikaans', () => {
  it('counts what is verified in each language, and lists a question whose Afrikaans is still to verify', async () => {
    show();
    expect(await screen.findByText('2 of 2 verified in English · 1 of 2 in Afrikaans')).toBeTruthy();
    const items = screen.getAllByTestId('verify-item');
    // The second question is verified in both languages: nothing of it remains.
    expect(items).toHaveLength(1);
    expect(within(items[0]!).getByText('Afrikaans: not verified')).toBeTruthy();
  });

  it('verifies a question’s Afrikaans version and the section’s, each with ?language=af', async () => {
    const { sent, user } = show();
    await user.click(await screen.findByRole('button', { name: 'Verify Afrikaans: question 1 of module 1' }));
    await user.click(screen.getByRole('button', { name: 'Verify Afrikaans: title and intro of Maps' }));
    await waitFor(() => expect(sent.filter((r) => r.path.endsWith('/verify') && r.method === 'POST')).toHaveLength(2));
    const question = sent.find((r) => r.path === '/question/v-rest/41/verify')!;
    const section = sent.find((r) => r.path === '/question-module/v-rest/7/verify')!;
    expect([question.query.get('language'), question.query.get('verified')]).toEqual(['af', 'true']);
    expect([section.query.get('language'), section.query.get('verified')]).toEqual(['af', 'true']);
  });

  it('reads the Afrikaans version as its learners will, in lang="af"', async () => {
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Read it in Afrikaans' }));
    const prompt = screen.getByText('Is Gauteng ’n provinsie?');
    expect(prompt.closest('[lang]')?.getAttribute('lang')).toBe('af');
    expect(screen.getByText('Module 1: Kaarte')).toBeTruthy();
  });
});
