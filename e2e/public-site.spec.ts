import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { demoAccounts, demoPassword, signIn } from './support/session.js';

/**
 * The public site's journeys, through the UI: a visitor writes to the organisers with the
 * contact form and the overlord finds the message in the email log; the admin publishes geo-2025's results and
 * chooses how the winners are named, and a visitor reads the past olympiads and the past winners; the Watch
 * page's live figures. Each page is checked with axe at 1280 and 360 px.
 */
const stamp = Date.now().toString(36);
const account = (username: string) => demoAccounts.find((a) => a.username === username)!;

async function axeAtBothWidths(page: Page, testInfo: Parameters<typeof expectNoSeriousA11yViolations>[1]) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page, testInfo);
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({
        path: testInfo.outputPath(`${new URL(page.url()).pathname.replace(/\W+/g, '-')}-${width}.png`),
        fullPage: true,
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a visitor writes to the organisers; the overlord finds the message in the email log', async ({
  browser,
}, testInfo) => {
  const subject = `Entries for grade 7 ${stamp}`;
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/geography/home');
  await visitor.getByRole('navigation', { name: /pages/ }).getByRole('link', { name: 'Contact' }).click();
  await expect(visitor.getByRole('heading', { name: 'Write to the organisers' })).toBeVisible();
  await axeAtBothWidths(visitor, testInfo);

  // The form checks as you type: a message too short is refused before anything is sent.
  await visitor.getByLabel(/^Your name/).fill('Anél van Wyk');
  await visitor.getByLabel(/^Your email/).fill(`anel.${stamp}@example.org`);
  await visitor.getByLabel(/^Subject/).fill(subject);
  await visitor.getByLabel(/^Message/).fill('Hi');
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.getByText('Write a message of at least 10 characters')).toBeVisible();
  await visitor.getByLabel(/^Message/).fill('May our grade 7 learners write the senior paper this year?');
  await visitor.getByRole('button', { name: 'Send message' }).click();
  const thanks = visitor.getByRole('status').filter({ hasText: 'Thank you' });
  await expect(thanks.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(thanks).toContainText(`anel.${stamp}@example.org`);
  await axeAtBothWidths(visitor, testInfo);

  // The platform's contact page has the form too.
  await visitor.goto('/olympus/contact');
  await expect(visitor.getByRole('heading', { name: 'Write to the Olympus team' })).toBeVisible();
  await axeAtBothWidths(visitor, testInfo);

  const overlord = await (await browser.newContext()).newPage();
  await signIn(overlord, account('overlord'), { at: '/overlord/email-logs' });
  await overlord.getByRole('searchbox', { name: 'Search by recipient, subject or kind' }).fill(stamp);
  const open = overlord.getByRole('button', {
    name: new RegExp(`Open the message to .*: \\[Geography Olympiad\\] ${subject}`),
  });
  await expect(open).toBeVisible({ timeout: 15_000 });
  await open.click();
  const message = overlord.getByRole('dialog', { name: `[Geography Olympiad] ${subject}` });
  await message.getByRole('tab', { name: 'Plain text' }).click();
  await expect(message.locator('pre, code').first()).toContainText('May our grade 7 learners write the senior paper');
});

test('the admin publishes and names the winners; a visitor reads past olympiads and past winners', async ({
  browser,
}, testInfo) => {
  // The admin publishes geo-2025's results (the results feature's call) …
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, account('admin'));
  const api = admin.context().request;
  const signin = await api.post('/api/auth/signin', {
    data: { username: 'admin', password: demoPassword, loginType: 'staff' },
  });
  const token = ((await signin.json()) as { accessToken: { token: string } }).accessToken.token;
  const headers = { authorization: `Bearer ${token}` };
  const geo2025 = ((await (await api.get('/website/api/olympiad/geo-2025')).json()) as { olympiad: { id: number } })
    .olympiad.id;
  const published = await api.post(`/olympiad/results/${geo2025}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);

  // … and chooses full names in the olympiad's settings.
  await admin.goto('/geo-2025/admin/settings-and-actions');
  const panel = admin.getByRole('region', { name: 'Past winners on the public site' });
  // The Save button is disabled while its request is in flight too, so wait for the answer itself: a visitor who
  // came before it would still see the old names.
  const choose = async (choice: RegExp) => {
    await panel.getByRole('radio', { name: choice }).check();
    const saved = admin.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith(`/olympiad/results/${geo2025}/winners-display`),
    );
    await panel.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
  };
  await choose(/^Full name and school/);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/geography/past-olympiads');
  const card = visitor.getByRole('article', { name: /Geography Olympiad \d+ \(demo, written and marked\)/ });
  await expect(card).toContainText('60 learners from 2 schools wrote.');
  await axeAtBothWidths(visitor, testInfo);
  await card.getByRole('link', { name: 'See the winners' }).click();
  await expect(visitor).toHaveURL(/\/geography\/past-winners$/);
  const section = visitor.getByRole('region', { name: /Geography Olympiad \d+ \(demo, written and marked\)/ });
  // Each winner is a row of a list that wraps on a phone: the learner, the school, the grade and the award.
  const top = section.getByRole('list', { name: 'The top of the olympiad' });
  const first = top.getByRole('listitem').first();
  // Full names: a first name and a surname, not an initial.
  await expect(first.locator('strong')).toHaveText(/^\p{L}[\p{L}'’-]+ .+/u);
  await expect(first).toContainText(/Grade \d+/);
  await expect(section.getByRole('heading', { name: 'The best of each grade' })).toBeVisible();
  await axeAtBothWidths(visitor, testInfo);

  // School only: the names leave the page.
  await choose(/^School only/);
  await visitor.reload();
  await expect(top.getByRole('listitem').first()).toContainText(/Grade \d+/);
  await expect(top.locator('strong')).toHaveCount(0);
});

test('the Watch page shows the live figures of the open olympiads', async ({ page }, testInfo) => {
  await page.goto('/');
  const live = page.getByRole('region', { name: /Live now|Olympiads now/ });
  await expect(live.getByText(/Updated \d\d:\d\d:\d\d/)).toBeVisible();
  await expect(live.getByText('Writing now')).toBeVisible();
  await axeAtBothWidths(page, testInfo);
});
