import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PaperResult, QuestionModuleRecord } from '#contract/authoring';
import { OlympiadRecord, OlympiadResultBody } from '#contract/olympiads';
import { clearUser, storeUser } from '../../../lib/session/index.js';
import { ok, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { QuestionModulesPage } from './QuestionModulesPage.js';

/**
 * The sections of a paper in English and Afrikaans (decision 094): a section's title and intro written in Afrikaans
 * beside the English, sent in `translations.af`, and the Afrikaans version verified on its own. Only the network is
 * stubbed.
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

const maps = QuestionModuleRecord.parse({
  id: 7,
  olympiadId: 3,
  title: 'Maps',
  intro: '<p>About maps.</p>',
  position: 1,
  questionCount: 0,
  translations: { af: { title: 'Kaarte', intro: '', verified: false, verifiedBy: null, verifiedAt: null } },
  updatedAt: '2026-03-03T10:00:00.000Z',
  can: { edit: true },
});
const ModuleBody = z.object({ success: z.literal(true), module: QuestionModuleRecord });

function show() {
  storeUser(admin);
  const sent = stubApi({
    'POST /olympiad/modules/3': ok(PaperResult, {
      success: true,
      olympiadId: 3,
      modules: [{ ...maps, questions: [] }],
    }),
    'GET /olympiad/v-rest/single': ok(OlympiadResultBody, { success: true, olympiad }),
    'PUT /question-module/v-rest/7': ok(ModuleBody, { success: true, module: maps }),
    'POST /question-module/v-rest/7/verify': ok(ModuleBody, {
      success: true,
      module: {
        ...maps,
        translations: {
          af: {
            ...maps.translations.af!,
            verified: true,
            verifiedBy: 'admin2',
            verifiedAt: '2026-03-04T08:00:00.000Z',
          },
        },
      },
    }),
  });
  const view = renderWithApp(<QuestionModulesPage />, {
    path: '/geo-2026/admin/edit/question-modules',
    route: '/:olympiadName/admin/edit/question-modules',
  });
  return { sent, ...view };
}

afterEach(() => clearUser());

describe('QuestionModulesPage: a section in English and Afrikaans', () => {
  it('writes the Afrikaans title and intro beside the English and sends them in translations.af', async () => {
    const { sent, user } = show();
    expect(await screen.findByText('Afrikaans title and intro: not verified')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit module Maps' }));
    const dialog = screen.getByRole('dialog');
    const title = within(dialog).getByRole('textbox', { name: 'Title in Afrikaans' });
    expect(title.closest('[lang]')?.getAttribute('lang')).toBe('af');
    await user.clear(title);
    await user.type(title, 'Kaarte en plekke');
    const intro = within(dialog).getByRole('textbox', { name: 'Introduction in Afrikaans' });
    intro.innerHTML = '<p>Oor kaarte.</p>';
    fireEvent.input(intro);
    await user.click(within(dialog).getByRole('button', { name: 'Save module' }));

    await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true));
    expect(sent.find((r) => r.method === 'PUT')!.body).toEqual({
      title: 'Maps',
      intro: '<p>About maps.</p>',
      translations: { af: { title: 'Kaarte en plekke', intro: '<p>Oor kaarte.</p>' } },
    });
  });

  it('verifies the section’s Afrikaans version with ?language=af', async () => {
    const { sent, user } = show();
    await user.click(await screen.findByRole('button', { name: 'Edit module Maps' }));
    await user.click(screen.getByRole('button', { name: 'Verify Afrikaans: section Maps' }));
    expect(await screen.findByText('Afrikaans: verified')).toBeTruthy();
    const request = sent.find((r) => r.path === '/question-module/v-rest/7/verify')!;
    expect([request.query.get('language'), request.query.get('verified')]).toEqual(['af', 'true']);
  });
});
