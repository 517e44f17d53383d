import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TermsStatus } from '#contract/copy';
import { PortalOlympiad, School } from '#contract/schools';
import { prepareLocale } from '../../../lib/i18n/index.js';
import { ok, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { PortalHomePage } from './PortalHomePage.js';

/**
 * The portal's home in Afrikaans: every word the page draws comes from the Afrikaans catalogue, and none of the
 * English ones is left (the olympiads' own titles and the school's name are data, written in Afrikaans here).
 */

const school = School.parse({
  id: 40,
  name: 'Hoërskool Waterkloof',
  emisNumber: '700400393',
  province: 'Gauteng',
  district: 'Tshwane South',
  town: 'Pretoria',
  address: null,
  phone: null,
  email: null,
  type: 'Public',
  countryId: null,
  teacherCount: 1,
  updatedAt: '2026-01-01T08:00:00.000Z',
  can: { update: true, delete: false, merge: false },
});

const olympiad = (over: Partial<PortalOlympiad>): PortalOlympiad =>
  PortalOlympiad.parse({
    id: 3,
    varName: 'afr-2026',
    title: 'Afrikaanse Olimpiade 2026',
    year: 2026,
    kind: 'school',
    open: true,
    startsAt: '2026-05-14T06:00:00.000Z',
    endsAt: '2026-05-14T15:00:00.000Z',
    fee: { cents: 3500, currency: 'ZAR', vatRateBp: 1500 },
    paymentRequired: true,
    participant: { id: 30, status: 'learners_loaded', learnerCount: 31, certificates: null },
    phase: 'writing',
    resultsPublishedAt: null,
    timeZone: 'Africa/Johannesburg',
    ...over,
  });

const PortalList = z.object({ success: z.literal(true), school: School.nullable(), items: z.array(PortalOlympiad) });

/** English words of the page that must not be drawn in Afrikaans. */
const english = [
  'Welcome',
  'Teacher portal',
  'olympiads',
  'Olympiads you can enter',
  'Past olympiads',
  'Writing',
  'learners',
  'Open',
  'Certificates',
  'Enter my school',
  'per learner',
  'Results out',
];

describe('PortalHomePage in Afrikaans', () => {
  it('speaks Afrikaans only: headings, cards, counts, fees, dates and buttons', async () => {
    await prepareLocale('af', ['common', 'portal', 'validation']);
    stubApi({
      'GET /api/terms-and-conditions/me': ok(TermsStatus, {
        success: true,
        terms: null,
        accepted: true,
        acceptedAt: null,
        previousVersion: null,
      }),
      'GET /api/portal/olympiads': ok(PortalList, {
        success: true,
        school,
        items: [
          olympiad({}),
          olympiad({
            id: 4,
            varName: 'wisk-2026',
            title: 'Wiskunde-olimpiade 2026',
            participant: null,
            phase: 'registration',
            startsAt: '2026-08-20T22:30:00.000Z',
          }),
          olympiad({
            id: 5,
            varName: 'afr-2025',
            title: 'Afrikaanse Olimpiade 2025',
            phase: 'results',
            resultsPublishedAt: '2025-06-09T23:30:00.000Z',
            participant: {
              id: 20,
              status: 'learners_loaded',
              learnerCount: 1,
              certificates: { count: 1, generatedAt: null },
            },
          }),
        ],
      }),
    });
    renderWithApp(<PortalHomePage />, { path: '/portal' });

    const current = await screen.findByRole('region', { name: 'U skool se olimpiades' });
    screen.getByText('Onderwysersportaal');
    screen.getByRole('heading', { name: 'Welkom, onderwyser' });
    const writing = within(current).getByRole('article', { name: 'Afrikaanse Olimpiade 2026' });
    within(writing).getByText('31 leerders');
    within(writing).getByText('Skryf nou, tot 14 Mei 2026 om 17:00 SAST');
    within(writing).getByRole('link', { name: 'Maak Afrikaanse Olimpiade 2026 oop' });

    const open = screen.getByRole('region', { name: 'Olimpiades waarvoor u kan inskryf' });
    const coming = within(open).getByRole('article', { name: 'Wiskunde-olimpiade 2026' });
    // 20 August 22:30 UTC is 21 August in South Africa.
    within(coming).getByText('Skryf begin 21 Augustus 2026');
    within(coming).getByText('R 35,00 per leerder, plus 15 % BTW');
    within(coming).getByRole('button', { name: 'Skryf my skool in vir Wiskunde-olimpiade 2026' });

    const past = screen.getByRole('region', { name: 'Vorige olimpiades' });
    const done = within(past).getByRole('article', { name: 'Afrikaanse Olimpiade 2025' });
    within(done).getByText('1 leerder');
    within(done).getByText('Uitslae bekend sedert 10 Junie 2025: sertifikate gereed');
    within(done).getByRole('link', { name: 'Sertifikate van Afrikaanse Olimpiade 2025' });

    const text = document.body.textContent ?? '';
    for (const word of english) expect(text, word).not.toContain(word);
  });
});
