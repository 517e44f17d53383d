import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { demoAccounts, signIn } from './support/session.js';

/**
 * Moderation through the UI, on the closed demo olympiad geo-2025: the admin computes the
 * flags, finds the planted copied pair of Hoërskool Waterkloof (g25-copy-a and g25-copy-b) flagged with its
 * evidence in plain words, compares the two papers side by side, and disqualifies one of them with a reason.
 * Axe checks the page, the pair view and the decision dialog; the page is also looked at 360 px wide.
 */
const admin = demoAccounts.find((a) => a.username === 'admin')!;
const page360 = { width: 360, height: 800 };

test('the admin computes the flags, opens the evidence of a copied pair and disqualifies one', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, admin, { at: '/geo-2025/admin/results/moderation' });
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();

  // Compute (the platform may have started a computation by itself already: then wait for it to end).
  const computeButton = page.getByRole('button', { name: 'Compute flags now' });
  await expect(computeButton).toBeEnabled({ timeout: 60_000 });
  await computeButton.click();
  await expect(page.getByText(/Flags last computed/)).toBeVisible({ timeout: 60_000 });
  await expect(computeButton).toBeEnabled({ timeout: 60_000 });
  await expectNoSeriousA11yViolations(page, testInfo);

  // The copied pair, flagged with its evidence.
  await page.getByRole('searchbox', { name: 'Search' }).fill('g25-copy-a');
  const card = page.getByRole('article').filter({ hasText: 'g25-copy-a' });
  await expect(card).toHaveCount(1);
  await expect(card.getByText(/Matches .+ on \d+ wrong answers: a 1 in .+ chance/)).toBeVisible();

  // The two papers side by side.
  await card.getByRole('button', { name: /^Compare answers with/ }).click();
  const pair = page.getByRole('dialog');
  const papers = pair.getByRole('table', { name: 'The two papers side by side' });
  await expect(papers).toBeVisible();
  await expect(pair.getByText(/identical wrong answers/).first()).toBeVisible();
  await expect(papers.getByText('same').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo);
  await pair.getByRole('button', { name: 'Close' }).click();
  await expect(pair).toBeHidden();

  // Disqualify the copier, with a reason (none given first: the form says so).
  await page.getByRole('searchbox', { name: 'Search' }).fill('g25-copy-b');
  const copier = page.getByRole('article').filter({ hasText: 'g25-copy-b' });
  await expect(copier).toHaveCount(1);
  await copier.getByRole('button', { name: 'Disqualify' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Disqualify' }).click();
  await expect(dialog.getByText('Give the reason (it is kept with the decision)')).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Identical wrong answers to g25-copy-a, seated together');
  await dialog.getByRole('button', { name: 'Disqualify' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/is disqualified$/).first()).toBeVisible();
  await expect(copier.getByText('Disqualified', { exact: true })).toBeVisible();
  await expect(copier.getByText(/Identical wrong answers to g25-copy-a, seated together/)).toBeVisible();

  // The disqualified list holds it; the phone width stays usable.
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await page.setViewportSize(page360);
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Disqualified', exact: true }).click();
  await expect(page.getByRole('article').filter({ hasText: 'g25-copy-b' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways at 360 px').toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, testInfo);
});
