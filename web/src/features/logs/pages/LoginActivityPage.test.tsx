import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LoginActivityPage as ActivityAnswer } from '#contract/logs';
import { OlympiadListQuery } from '#contract/olympiads';
import { ok, refused, stubApi, type SentRequest } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { LoginActivityPage } from './LoginActivityPage.js';

/**
 * The olympiad filter of learner login activity lists the olympiads the server answers and narrows the activity to
 * the one picked. The stub answers the olympiad list as the server does: a query its contract refuses is a 400.
 */

const Olympiads = z.object({
  success: z.literal(true),
  items: z.array(z.object({ id: z.number(), title: z.string(), varName: z.string() })),
  total: z.number(),
});

function olympiadList(request: SentRequest) {
  if (!OlympiadListQuery.safeParse(Object.fromEntries(request.query)).success) {
    return refused(400, 'validation_failed', 'Some fields need attention');
  }
  return ok(Olympiads, {
    success: true,
    items: [
      { id: 3, title: 'Geography Olympiad 2026', varName: 'geo-2026' },
      { id: 2, title: 'Geography Olympiad 2025', varName: 'geo-2025' },
    ],
    total: 2,
  });
}

const activity = (request: SentRequest) =>
  ok(ActivityAnswer, {
    success: true,
    items: [],
    total: 0,
    page: Number(request.query.get('page')),
    pageSize: Number(request.query.get('pageSize')),
    from: '2026-03-01T00:00:00.000Z',
    to: '2026-03-02T00:00:00.000Z',
    bucket: 'hour',
    series: [],
    totals: { signins: 0, failures: 0 },
  });

describe('LoginActivityPage: the olympiad filter', () => {
  it('lists the olympiads and narrows the activity to the one picked', async () => {
    const sent = stubApi({ 'GET /olympiad/v-rest/': olympiadList, 'GET /api/learner-login-activity/': activity });
    const { user } = renderWithApp(<LoginActivityPage />, { path: '/overlord/learner-login-activity' });
    await waitFor(() => expect(sent.some((r) => r.path === '/olympiad/v-rest/')).toBe(true));
    await user.click(screen.getByRole('combobox', { name: 'Olympiad' }));
    await user.click(await screen.findByRole('option', { name: 'Geography Olympiad 2025 (geo-2025)' }));
    await waitFor(() =>
      expect(
        sent.filter((r) => r.path === '/api/learner-login-activity/').map((r) => r.query.get('olympiadId')),
      ).toContain('2'),
    );
    expect(screen.queryByText('Some fields need attention')).toBeNull();
  });
});
