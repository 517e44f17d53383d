import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsentCount, LearnerPage } from '#contract/learners';
import { OlympiadResult } from '#contract/public';
import { prepareLocale } from '../../../lib/i18n/index.js';
import { storeUser } from '../../../lib/session/index.js';
import { ok, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { LoadLearnersPage } from './LoadLearnersPage.js';

/**
 * The teacher's learners page in Afrikaans: the upload card, the list and its actions speak Afrikaans, and none of
 * their English words is left (the learners' names are data).
 */

const teacher = {
  success: true,
  id: 9,
  username: 'teacher',
  name: 'Annelie Botha',
  email: 'annelie@example.org',
  role: 'teacher',
  olympiadId: null,
  olympiadName: null,
  schoolId: 40,
  grants: [],
  home: '/portal',
  impersonator: null,
  accessToken: { token: 'token', expiresAt: '2099-01-01T00:00:00.000Z' },
  language: 'af',
};

const english = [
  'Load learners',
  'Load from a spreadsheet',
  'spreadsheet',
  'Download',
  'template',
  'Choose file',
  'Drag the file',
  'Learners',
  'Add a learner',
  'Sign-in slips',
  'New passwords',
  'Surname',
  'First name',
  'Grade',
  'Username',
  'Password on slip',
  'Actions',
  'Edit',
  'Remove',
  'Set password',
  'in all',
  'Search',
];

describe('LoadLearnersPage in Afrikaans', () => {
  it('speaks Afrikaans only: the upload card, the list, its columns and its actions', async () => {
    await prepareLocale('af', ['common', 'portal', 'validation']);
    storeUser(teacher);
    stubApi({
      'GET /website/api/olympiad/afr-2026': ok(OlympiadResult, {
        success: true,
        olympiad: {
          id: 3,
          varName: 'afr-2026',
          title: 'Afrikaanse Olimpiade 2026',
          year: 2026,
          kind: 'school',
          open: true,
          pinned: false,
          startsAt: '2026-05-14T06:00:00.000Z',
          endsAt: '2026-05-14T15:00:00.000Z',
          durationMinutes: 60,
          minGrade: 8,
          maxGrade: 12,
          projectName: 'afrikaans',
        },
      }),
      'GET /learner/v-rest/': ok(LearnerPage, {
        success: true,
        items: [
          {
            id: 7,
            username: 'thandi.m',
            firstName: 'Thandi',
            lastName: 'Mokoena',
            grade: 10,
            dateOfBirth: null,
            schoolId: 40,
            schoolName: 'Hoërskool Waterkloof',
            olympiadId: 3,
            hasSlipPassword: true,
            consentRecorded: true,
            can: { update: true, delete: true, setPassword: true },
          },
        ],
        total: 1,
        page: 1,
        pageSize: 25,
        publicAddress: { url: 'https://olympiad.example.org', local: false },
      }),
      'GET /learner/v-rest/consent-count': ok(ConsentCount, { success: true, learners: 1, recorded: 1, missing: 0 }),
    });
    renderWithApp(<LoadLearnersPage />, {
      path: '/portal/afr-2026/load-learners',
      route: '/portal/:olympiadName/load-learners',
    });

    screen.getByRole('heading', { name: 'Laai leerders op', level: 1 });
    const upload = await screen.findByRole('region', { name: 'Laai op uit ’n sigblad' });
    within(upload).getByText(
      /Een leerder per ry met die kolomme Voornaam, Van en Graad \(hierdie olimpiade is vir grade 8 tot 12\)/,
    );
    within(upload).getByRole('button', { name: 'Laai die Excel-sjabloon af' });
    within(upload).getByRole('button', { name: 'Kies lêer' });

    const list = screen.getByRole('heading', { name: 'Leerders' }).closest('section')!;
    await within(list).findByText('thandi.m');
    within(list).getByRole('button', { name: 'Voeg ’n leerder by' });
    within(list).getByRole('button', { name: 'Aanmeldstrokies (PDF)' });
    within(list).getByRole('button', { name: 'Wysig Thandi Mokoena' });
    within(list).getByRole('button', { name: 'Verwyder Thandi Mokoena' });
    within(list).getByText('1 altesaam');
    const table = within(list).getByRole('table', { name: 'Leerders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/ ?[▲▼↕]/g, '').trim()),
    ).toEqual([
      'Kies',
      'Van, sorteer',
      'Voornaam, sorteer',
      'Graad, sorteer',
      'Gebruikersnaam, sorteer',
      'Toestemming',
      'Wagwoord op strokie',
      'Aksies',
    ]);

    const text = document.body.textContent ?? '';
    for (const word of english) expect(text, word).not.toContain(word);
  });
});
