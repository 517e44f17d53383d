import { expect, test } from './support/test.js';
import { lookAtBothWidths } from './support/look.js';
import { account, fillSignIn, pathIs, signIn, tokenOf } from './support/session.js';

/**
 * Consent and the privacy notice (decision 109): a teacher adds a learner and must first confirm that the school
 * holds a parent's or guardian's consent; the list shows it recorded; the new learner, signing in, reads the privacy
 * notice before the declaration and can open the privacy page. The learner is removed again at the end.
 */
test.describe.configure({ timeout: 120_000 });

test('a teacher loads a learner with the consent box; the learner sees the privacy notice before the declaration', async ({
  page,
  browser,
}, testInfo) => {
  const surname = `Consent${Date.now() % 100000}`;
  await signIn(page, account('teacher'), { at: '/portal/geo-demo/load-learners' });
  await page.getByRole('button', { name: 'Add a learner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a learner' });
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Naledi');
  await dialog.getByRole('textbox', { name: 'Surname' }).fill(surname);
  await dialog.getByRole('combobox', { name: 'Grade' }).selectOption({ label: 'Grade 10' });
  const consent = dialog.getByRole('checkbox', { name: /The school holds the consent of this learner’s parent/ });
  await expect(consent).toBeVisible();

  // Without the box the form says what is missing and sends nothing.
  await dialog.getByRole('button', { name: 'Add learner' }).click();
  await expect(dialog.getByText('Confirm that the school holds this consent before adding the learner')).toBeVisible();
  await lookAtBothWidths(page, testInfo, 'add a learner asks for consent');
  await consent.check();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/learner/v-rest/'),
    dialog.getByRole('button', { name: 'Add learner' }).click(),
  ]);
  const learnerId = ((await response.json()) as { learner: { id: number } }).learner.id;
  expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ consentConfirmed: true });
  const added = dialog.getByRole('status').filter({ hasText: 'Learner added' });
  await expect(added).toBeVisible();
  const [username, password] = await added.locator('b').allTextContents();
  expect(username).toBeTruthy();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The list says consent is recorded for the new learner, and counts it.
  const row = page.getByRole('row').filter({ hasText: username! });
  await expect(row.getByText('Recorded')).toBeVisible();
  await expect(page.getByText(/Consent recorded for \d+ of \d+ learners/)).toBeVisible();
  await lookAtBothWidths(page, testInfo, 'learners with consent');

  // The learner signs in on their own browser and reaches the declaration step.
  const context = await browser.newContext();
  const learner = await context.newPage();
  await learner.goto('/geo-demo/login');
  await fillSignIn(learner, username!, password!);
  await expect(learner).toHaveURL(pathIs('/geo-demo/olympiad/instructions'));
  await learner.getByRole('link', { name: 'Continue' }).click();
  await expect(learner.getByRole('heading', { level: 1 })).toHaveText('Your promise');
  const notice = learner.getByRole('region', { name: 'Your information' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Only your teacher and the olympiad’s organisers see them');
  // The notice comes before the declaration, in reading order.
  const before = await learner.evaluate(() => {
    const n = document.querySelector('[data-testid="privacy-notice"]');
    const d = document.getElementById('declaration-text');
    return !!n && !!d && (n.compareDocumentPosition(d) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  });
  expect(before).toBe(true);
  const link = notice.getByRole('link', { name: /privacy page/ });
  await expect(link).toHaveAttribute('href', '/privacy');
  await lookAtBothWidths(learner, testInfo, 'privacy notice before the declaration');

  // The privacy page it links to, rendered by the server.
  const privacy = await context.newPage();
  await privacy.goto('/privacy');
  await expect(privacy.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
  await expect(privacy.getByText(/Information officer/).first()).toBeVisible();
  await lookAtBothWidths(privacy, testInfo, 'privacy page');
  await context.close();

  // Other journeys count geo-demo's learners: this one goes again (it has not started writing).
  const removed = await page.request.delete(`/learner/v-rest/${learnerId}`, {
    headers: { Authorization: `Bearer ${await tokenOf(page.request, 'teacher')}` },
  });
  expect(removed.ok(), await removed.text()).toBe(true);
});
