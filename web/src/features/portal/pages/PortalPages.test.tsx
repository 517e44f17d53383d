import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TermsStatus } from '#contract/copy';
import { PortalOlympiad, PortalOlympiadResult, type PortalResults, School } from '#contract/schools';
import { z } from 'zod';
import { ok, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { PortalHomePage } from './PortalHomePage.js';
import { PortalOlympiadPage } from './PortalOlympiadPage.js';

/**
 * The teacher portal speaks to where each olympiad is in its year: a finished, published olympiad shows the school's
 * results and leads to its certificates, and no longer offers loading learners or printing slips; the home lists
 * current and coming olympiads before past ones, each with a line true to its state, in South African time (the
 * tests run with TZ=UTC, so a date that is South Africa's is proved not to be the device's).
 */

const school = School.parse({
  id: 1,
  name: 'Hoërskool Waterkloof',
  emisNumber: null,
  province: 'Gauteng',
  district: null,
  town: 'Pretoria',
  address: null,
  phone: null,
  email: null,
  type: null,
  countryId: null,
  teacherCount: 1,
  updatedAt: '2026-01-01T08:00:00.000Z',
  can: { update: true, delete: false, merge: false },
});

const olympiad = (over: Partial<PortalOlympiad>): PortalOlympiad =>
  PortalOlympiad.parse({
    id: 3,
    varName: 'geo-2026',
    title: 'Geography Olympiad 2026',
    year: 2026,
    kind: 'school',
    open: true,
    startsAt: '2026-05-14T06:00:00.000Z',
    endsAt: '2026-05-14T15:00:00.000Z',
    fee: { cents: 3500, currency: 'ZAR', vatRateBp: 1500 },
    paymentRequired: false,
    participant: { id: 30, status: 'learners_loaded', learnerCount: 31, certificates: null },
    phase: 'writing',
    resultsPublishedAt: null,
    timeZone: 'Africa/Johannesburg',
    ...over,
  });

/** Last year's olympiad, its results published on 9 June 2025 (at 23:30 UTC: 10 June in South Africa). */
const geo2025 = olympiad({
  id: 2,
  varName: 'geo-2025',
  title: 'Geography Olympiad 2025',
  year: 2025,
  open: false,
  startsAt: '2025-05-15T06:00:00.000Z',
  endsAt: '2025-05-15T15:00:00.000Z',
  participant: {
    id: 20,
    status: 'learners_loaded',
    learnerCount: 30,
    certificates: { count: 30, generatedAt: '2025-06-10T08:00:00.000Z' },
  },
  phase: 'results',
  resultsPublishedAt: '2025-06-09T23:30:00.000Z',
});

const results: PortalResults = {
  publishedAt: '2025-06-09T23:30:00.000Z',
  ranked: 30,
  awards: [
    { key: 'gold', label: 'Gold', count: 2 },
    { key: 'silver', label: 'Silver', count: 4 },
    { key: 'participation', label: 'Participation', count: 24 },
  ],
  top: [
    { name: 'Zoë Müller-Nel', grade: 11, percent: 96.4, rank: 1, awardLabel: 'Gold', bestInSchool: true },
    { name: 'Anré du Plessis', grade: 10, percent: 91, rank: 3, awardLabel: 'Gold', bestInSchool: false },
  ],
};

const terms = ok(TermsStatus, { success: true, terms: null, accepted: true, acceptedAt: null, previousVersion: null });

const page = (o: PortalOlympiad, r: PortalResults | null = null) => ({
  'GET /api/terms-and-conditions/me': terms,
  [`GET /api/portal/olympiads/${o.varName}`]: ok(PortalOlympiadResult, {
    success: true,
    school,
    olympiad: o,
    // The organiser's introduction (general copy portal-intro): how to take part, before the writing day.
    intro: '<p>Enter your school, load your learners and give each of them their sign-in slip.</p>',
    results: r,
  }),
});

const renderPage = (name: string) =>
  renderWithApp(<PortalOlympiadPage />, { path: `/portal/${name}`, route: '/portal/:olympiadName' });

describe('PortalOlympiadPage', () => {
  it('a published olympiad: the school’s results and its certificates, and nothing left to load or print', async () => {
    stubApi(page(geo2025, results));
    renderPage('geo-2025');

    await screen.findByRole('heading', { name: 'Geography Olympiad 2025' });
    // The day is South Africa's (10 June), not the device's UTC (9 June).
    screen.getByText('Results published on 10 June 2025');
    const card = screen.getByRole('region', { name: 'Your school’s results' });
    within(card).getByText('30 learners ranked');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((b) => b.textContent),
    ).toEqual(['Gold: 2', 'Silver: 4', 'Participation: 24']);
    const best = within(card).getByRole('table', { name: 'Your best learners' });
    expect(within(best).getAllByRole('row')[1]!.textContent).toContain('Zoë Müller-Nel');
    within(best).getByText('Gold, best in school');

    const certificates = screen.getByRole('region', { name: 'Certificates' });
    within(certificates).getByText(/30 certificates in one PDF to print on A4, made 10 June 2025/);
    expect(within(certificates).getByRole('link', { name: 'Open the certificates' }).getAttribute('href')).toBe(
      '/portal/geo-2025/certificates',
    );
    expect(screen.getByRole('link', { name: 'Certificates' }).getAttribute('href')).toBe(
      '/portal/geo-2025/certificates',
    );

    expect(screen.queryByRole('link', { name: 'Load learners' })).toBeNull();
    expect(screen.queryByText(/sign-in slips/)).toBeNull();
    expect(screen.queryByText(/On the day/)).toBeNull();
    expect(screen.queryByText(/^Live/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'What to do next' })).toBeNull();
    expect(screen.queryByText(/load your learners and give each/)).toBeNull();
  });

  it('a closed olympiad being marked: what happens now, where the results will be, nothing to load', async () => {
    stubApi(
      page(
        olympiad({
          ...geo2025,
          phase: 'closed',
          resultsPublishedAt: null,
          participant: { ...geo2025.participant!, certificates: null },
        }),
      ),
    );
    renderPage('geo-2025');

    await screen.findByText('Writing closed on 15 May 2025: the results are being marked');
    screen.getByRole('heading', { name: 'What happens now' });
    expect(screen.getByRole('link', { name: 'Certificates' }).getAttribute('href')).toBe(
      '/portal/geo-2025/certificates',
    );
    expect(screen.queryByRole('link', { name: 'Load learners' })).toBeNull();
    expect(screen.queryByText(/sign-in slips/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your school’s results' })).toBeNull();
    expect(screen.queryByText(/load your learners and give each/)).toBeNull();
  });

  it('before writing: the steps to take, with the day in South African time, and Load learners', async () => {
    stubApi(page(olympiad({ phase: 'writing_soon', startsAt: '2026-05-13T23:00:00.000Z' })));
    renderPage('geo-2026');

    await screen.findByRole('heading', { name: 'What to do next' });
    screen.getByText(/Print the sign-in slips/);
    screen.getByText(/On the day \(14 May 2026 at 01:00 SAST\), learners sign in at \/geo-2026\/login/);
    expect(screen.getByRole('link', { name: 'Load learners' }).getAttribute('href')).toBe(
      '/portal/geo-2026/load-learners',
    );
    expect(screen.queryByRole('region', { name: 'Certificates' })).toBeNull();
    screen.getByText(/load your learners and give each/);
  });
});

const PortalList = z.object({ success: z.literal(true), school: School.nullable(), items: z.array(PortalOlympiad) });

describe('PortalHomePage', () => {
  it('lists the olympiads now and to come before the past ones, each with a line true to its state', async () => {
    const coming = olympiad({
      id: 4,
      varName: 'hist-2026',
      title: 'History Olympiad 2026',
      open: false,
      phase: 'registration',
      startsAt: '2026-08-20T22:30:00.000Z',
    });
    const marking = olympiad({
      id: 5,
      varName: 'afr-2026',
      title: 'Afrikaans Olimpiade 2026',
      phase: 'closed',
      endsAt: '2026-04-30T23:00:00.000Z',
    });
    const writing = olympiad({});
    stubApi({
      'GET /api/terms-and-conditions/me': terms,
      // The server's order: current and coming first, then past; the page keeps it within each group.
      'GET /api/portal/olympiads': ok(PortalList, {
        success: true,
        school,
        items: [writing, coming, marking, geo2025],
      }),
    });
    renderWithApp(<PortalHomePage />, { path: '/portal' });

    const current = await screen.findByRole('region', { name: 'Your school’s olympiads' });
    const past = screen.getByRole('region', { name: 'Past olympiads' });
    expect(
      within(current)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Geography Olympiad 2026', 'History Olympiad 2026']);
    expect(
      within(past)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Afrikaans Olimpiade 2026', 'Geography Olympiad 2025']);
    const card = (name: string) => screen.getByRole('article', { name });
    within(card('Geography Olympiad 2026')).getByText('Writing now, until 14 May 2026 at 17:00 SAST');
    // 20 August 22:30 UTC is already 21 August in South Africa.
    within(card('History Olympiad 2026')).getByText('Writing opens 21 August 2026');
    within(card('Afrikaans Olimpiade 2026')).getByText('Writing closed on 1 May 2026: the results are being marked');
    within(card('Geography Olympiad 2025')).getByText('Results out since 10 June 2025: certificates ready');
    expect(
      within(card('Geography Olympiad 2025'))
        .getByRole('link', { name: 'Certificates of Geography Olympiad 2025' })
        .getAttribute('href'),
    ).toBe('/portal/geo-2025/certificates');
    expect(within(card('Geography Olympiad 2026')).queryByRole('link', { name: /Certificates/ })).toBeNull();
  });
});
