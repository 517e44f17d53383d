import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { lookAtBothWidths } from './support/look.js';
import { ok } from './support/olympiad.js';
import { demoAccounts, demoPassword, signIn, tokenOf } from './support/session.js';

/**
 * An erasure request through the UI, on the closed demo olympiad geo-2025 (its results published first, as another
 * journey may have done already): the admin opens a Waterkloof learner's personal data from the learners list,
 * forgets the learner after a dialog that names them and says what stays, and finds the anonymous label in the
 * ranked results with the same score. Axe checks the page and the dialog; the page is looked at 1280 and 360 px wide.
 */
const admin = demoAccounts.find((a) => a.username === 'admin')!;

interface Ranked {
  items: Array<{
    userId: number;
    firstName: string;
    lastName: string;
    username: string;
    score: number;
    schoolName: string | null;
  }>;
}

async function publishedGeo2025(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await tokenOf(request, 'admin')}` };
  const olympiad = await ok<{ olympiad: { id: number } }>(
    request.get('/olympiad/v-rest/single', { headers, params: { olympiadVarName: 'geo-2025' } }),
  );
  const id = olympiad.olympiad.id;
  const state = await ok<{ publishedAt: string | null }>(
    request.get(`/olympiad/results/${id}/learners`, { headers, params: { pageSize: 1 } }),
  );
  if (!state.publishedAt) await ok(request.post(`/olympiad/results/${id}/publish`, { headers }));
  const ranked = await ok<Ranked>(
    request.get(`/olympiad/results/${id}/learners`, { headers, params: { pageSize: 100, sort: 'rank' } }),
  );
  // Not one of the copied pair the moderation journey works on.
  const learner = ranked.items.find(
    (l) =>
      l.schoolName?.includes('Waterkloof') &&
      !l.username.startsWith('g25-copy') &&
      !l.firstName.startsWith('Anonymous'),
  )!;
  const teacher = await ok<{ schoolId: number }>(
    request.post('/api/auth/signin', {
      data: { username: 'teacher', password: demoPassword, olympiadName: null, loginType: 'staff' },
    }),
  );
  return { id, learner, schoolId: teacher.schoolId };
}

test('the admin forgets a learner and the results show the anonymous label with the same score', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { learner, schoolId } = await publishedGeo2025(request);
  const name = `${learner.firstName} ${learner.lastName}`;

  await signIn(page, admin, { at: `/geo-2025/admin/edit/learners?schoolId=${schoolId}` });
  await page.getByRole('searchbox').first().fill(learner.lastName);
  await page.getByRole('link', { name: `Personal data of ${name}` }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Personal data: ${name}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Results' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download JSON' })).toBeVisible();
  await lookAtBothWidths(page, testInfo, 'personal data');

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download JSON' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^personal-data-\d+\.json$/);

  await page.getByRole('button', { name: 'Forget this learner' }).click();
  const dialog = page.getByRole('dialog', { name: `Forget ${name}?` });
  await expect(dialog).toContainText('What stays: the marks');
  await expect(dialog).toContainText('certificates already issued');
  await expectNoSeriousA11yViolations(page, testInfo);
  await dialog.getByRole('button', { name: `Forget ${name}` }).click();
  await expect(dialog.getByText(/is forgotten: Olympus now shows them as Anonymous learner [0-9A-Z]{4}/)).toBeVisible();
  const label = /shows them as (Anonymous learner [0-9A-Z]{4})/.exec(await dialog.innerText())![1]!;
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: `Personal data: ${label}` })).toBeVisible();
  await expect(page.getByText(`Forgotten: shown as ${label}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Forget this learner' })).toHaveCount(0);
  await lookAtBothWidths(page, testInfo, 'forgotten');

  // The ranked results show the label, with the score as it was.
  await page.goto('/geo-2025/admin/results/awards');
  const ranked = page.getByRole('table', { name: 'Ranked learners' });
  await expect(ranked).toBeVisible({ timeout: 30_000 });
  await page
    .getByRole('searchbox', { name: /search/i })
    .first()
    .fill(label.split(' ').pop()!);
  const row = ranked.getByRole('row').filter({ hasText: label });
  await expect(row).toHaveCount(1);
  const shown = Number.isInteger(learner.score) ? String(learner.score) : learner.score.toFixed(1);
  await expect(row).toContainText(`${shown} /`);
  await expect(ranked).not.toContainText(name);
  await lookAtBothWidths(page, testInfo, 'results');
});

test('the admin sets the retention period and the overlord reads the dry run of the retention schedule', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await publishedGeo2025(request);
  await signIn(page, admin, { at: '/geo-2025/admin/settings-and-actions' });
  await expect(page.getByRole('heading', { name: 'Personal data retention' })).toBeVisible();
  const months = page.getByRole('textbox', { name: 'Months after the results are published' });
  await months.fill('36');
  await page.getByRole('button', { name: 'Save' }).last().click();
  await expect(page.getByText(/kept until/)).toBeVisible();
  await expect(months).toHaveValue('36');
  await expectNoSeriousA11yViolations(page, testInfo);

  const overlord = demoAccounts.find((a) => a.username === 'overlord')!;
  await signIn(page, overlord, { at: '/overlord/retention' });
  await expect(page.getByRole('heading', { level: 1, name: 'Retention' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Geography Olympiad 2025' });
  await expect(row).toContainText('36 months');
  await expect(row).toContainText('Within its period');
  // Within its period: nothing to confirm.
  await expect(row.getByRole('button', { name: /Confirm/ })).toHaveCount(0);
  await lookAtBothWidths(page, testInfo, 'retention report');
});
