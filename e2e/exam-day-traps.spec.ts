import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { look } from './support/look.js';
import { fillSignIn, pathIs, signIn, demoAccounts, tokenOf } from './support/session.js';

/**
 * Five exam-day traps found in a walk of the whole year, each walked at the width where it was found: the learner's at 360 px
 * (a phone), the teacher's and the admin's at 1280 px. Every learner here is made for the test (by the demo
 * teacher, through the API), so the demo learners the other specs use stay as they were.
 */

const phone = { width: 360, height: 780 };
const desktop = { width: 1280, height: 900 };

async function olympiadId(request: APIRequestContext, varName: string): Promise<number> {
  const response = await request.get(`/website/api/olympiad/${varName}`);
  return ((await response.json()) as { olympiad: { id: number } }).olympiad.id;
}

interface NewLearner {
  id: number;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A learner of the demo teacher's school in geo-demo, added through the API as a teacher does. */
async function addLearner(request: APIRequestContext, lastName: string): Promise<NewLearner> {
  const token = await tokenOf(request, 'teacher');
  const response = await request.post('/learner/v-rest/', {
    headers: { Authorization: `Bearer ${token}` },
    data: { olympiadId: await olympiadId(request, 'geo-demo'), firstName: 'Trap', lastName, grade: 9 },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { learner: NewLearner }).learner;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const pinOnScreen = async (page: Page) => {
  const pin = page.getByRole('group', { name: /Your recovery PIN/ });
  await expect(pin).toHaveText(/^\d{6}$/);
  return (await pin.textContent())!.trim();
};

test.describe('a learner on a phone', () => {
  test.use({ viewport: phone });

  test('1 and 3: the PIN survives a reload; signing out asks first; back in with the PIN on both sign-in pages', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const learner = await addLearner(request, 'Reload');
    await page.goto('/geo-demo/login');
    await fillSignIn(page, learner.username, learner.password);
    await expect(page).toHaveURL(pathIs('/geo-demo/olympiad/instructions'));
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('checkbox', { name: /I have read the declaration/ }).check();
    await page.getByRole('button', { name: 'I accept' }).click();
    await expect(page).toHaveURL(pathIs('/geo-demo/olympiad/recovery-pin'));
    await page.getByRole('button', { name: 'Show my PIN' }).click();
    const first = await pinOnScreen(page);

    // Trap 1: the phone sleeps, the page reloads while the PIN is on screen.
    await page.reload();
    await expect(page).toHaveURL(pathIs('/geo-demo/olympiad/recovery-pin'));
    await expect(page.getByRole('alert').filter({ hasText: 'You need a new PIN' })).toBeVisible();
    await expect(page.getByText(first, { exact: true })).toHaveCount(0);
    await look(page, testInfo, 'PIN after a reload');
    await page.getByRole('button', { name: 'Show my new PIN' }).click();
    const pin = await pinOnScreen(page);
    await expect(page.getByText('The PIN shown to you before no longer works.')).toBeVisible();
    await look(page, testInfo, 'the new PIN');
    await page.getByRole('checkbox', { name: 'I have written it down' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(pathIs('/geo-demo/olympiad/learner-details'));

    // Trap 3: "Sign out" during the sitting asks first; "Keep writing" stays.
    await page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out of the olympiad?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('recovery PIN');
    await look(page, testInfo, 'sign out asks first');
    await dialog.getByRole('button', { name: 'Keep writing' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(pathIs('/geo-demo/olympiad/learner-details'));

    await page.getByRole('button', { name: 'Sign out' }).click();
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    // The olympiad's own sign-in page, which says how to get back in, with the PIN form open.
    await expect(page).toHaveURL(/\/geo-demo\/login\?signed-out/);
    await expect(page.getByText('You signed out during the olympiad')).toBeVisible();
    await look(page, testInfo, 'signed out');
    const recover = page.getByRole('form', { name: 'Sign in with your recovery PIN' });
    await recover.getByRole('textbox', { name: 'Username' }).fill(learner.username);
    await recover.getByRole('textbox', { name: 'Recovery PIN' }).fill(pin);
    await recover.getByRole('button', { name: 'Carry on writing' }).click();
    await expect(page).toHaveURL(pathIs('/geo-demo/olympiad/learner-details'));

    // On /login too: the olympiad (with a typo, then the suggestion), the username and the PIN.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/geo-demo\/login/);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Learner who lost their session? Use your recovery PIN' }).click();
    const onLogin = page.getByRole('form', { name: 'Sign in with your recovery PIN' });
    await onLogin.getByLabel('Olympiad').fill('geo-dmeo');
    await onLogin.getByRole('textbox', { name: 'Username' }).fill(learner.username);
    await onLogin.getByRole('textbox', { name: 'Recovery PIN' }).fill(pin);
    await onLogin.getByRole('button', { name: 'Carry on writing' }).click();
    await expect(onLogin.getByLabel('Olympiad')).toHaveAttribute('aria-invalid', 'true');
    await expect(onLogin.getByText('There is no olympiad called "geo-dmeo"')).toBeVisible();
    await look(page, testInfo, '/login PIN form with a typo');
    await onLogin.getByRole('button', { name: 'geo-demo', exact: true }).click();
    await expect(onLogin.getByLabel('Olympiad')).toHaveValue('geo-demo');
    await onLogin.getByRole('button', { name: 'Carry on writing' }).click();
    await expect(page).toHaveURL(pathIs('/geo-demo/olympiad/learner-details'));
    await expect(heading(page)).toBeVisible();
  });

  test('2: a typo in the olympiad name marks the field and suggests the open olympiads it could mean', async ({
    page,
    request,
  }, testInfo) => {
    const learner = await addLearner(request, 'Typo');
    await page.goto('/login');
    await fillSignIn(page, learner.username, learner.password, 'geo-dmeo');
    const field = page.getByRole('form', { name: 'Sign in' }).getByLabel('Olympiad');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('There is no olympiad called "geo-dmeo"')).toBeVisible();
    await expect(page.getByText('Some fields need attention')).toHaveCount(0);
    await expect(field).toBeFocused();
    const suggestion = page.getByRole('button', { name: 'geo-demo', exact: true });
    await expect(suggestion).toBeVisible();
    await look(page, testInfo, 'sign-in with an olympiad typo');
    await suggestion.click();
    await expect(field).toHaveValue('geo-demo');
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(pathIs('/geo-demo/olympiad/instructions'));
  });
});

test.describe('staff at a desk', () => {
  test.use({ viewport: desktop });

  test('4: the teacher issues new passwords for chosen learners and prints just their slips', async ({
    page,
    request,
  }, testInfo) => {
    const a = await addLearner(request, 'Slipa');
    const b = await addLearner(request, 'Slipb');
    await signIn(
      page,
      demoAccounts.find((x) => x.username === 'teacher')!,
    );
    await page.goto('/portal/geo-demo/load-learners');
    await page.getByRole('searchbox', { name: 'Search name or username' }).fill('Slip');
    await page.getByRole('checkbox', { name: `Choose Trap ${a.lastName}` }).check();
    await page.getByRole('checkbox', { name: `Choose Trap ${b.lastName}` }).check();
    await expect(page.getByText('2 learners chosen')).toBeVisible();
    await page.getByRole('button', { name: 'New passwords…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New passwords' });
    await expect(dialog.getByRole('radio', { name: 'The 2 learners ticked in the list' })).toBeChecked();
    await expect(dialog).toContainText('Learners who are writing right now keep their password');
    await look(page, testInfo, 'new passwords: what it means');
    await dialog.getByRole('button', { name: 'New passwords for 2 learners' }).click();
    await expect(dialog.getByText('Whose password changed (2)')).toBeVisible();
    await expect(dialog).toContainText(`Trap ${a.lastName} (${a.username})`);
    await expect(dialog).toContainText(`Trap ${b.lastName} (${b.username})`);
    await look(page, testInfo, 'new passwords: whose changed');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Print their slips (PDF)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^sign-in-slips-.*\.pdf$/);

    // The old password no longer signs in.
    const old = await request.post('/api/auth/signin', {
      data: { username: a.username, password: a.password, olympiadName: 'geo-demo', loginType: 'learner' },
    });
    expect(old.status()).toBe(401);
  });

  test('5: opening an olympiad with blockers is refused, saying what each risks; its settings page disables Open and links each blocker', async ({
    browser,
    page,
    request,
  }, testInfo) => {
    const token = await tokenOf(request, 'overlord');
    const auth = { Authorization: `Bearer ${token}` };
    const projects = (await (await request.get('/olympus-project/v-rest/', { headers: auth })).json()) as {
      items: Array<{ id: number }>;
    };
    const varName = `trap-${Date.now().toString(36)}`;
    const created = await request.post('/olympiad/v-rest/', {
      headers: auth,
      data: { projectId: projects.items[0]!.id, varName, title: 'Trap five olympiad', year: 2030, feeCents: 0 },
    });
    expect(created.ok(), await created.text()).toBe(true);

    await signIn(
      page,
      demoAccounts.find((x) => x.username === 'overlord')!,
    );
    await page.goto('/overlord/edit/olympiads');
    await page.getByRole('searchbox', { name: 'Search by name, title or project' }).fill(varName);
    const row = page.getByRole('row').filter({ hasText: varName });
    await row.getByRole('button', { name: 'Open' }).click();
    const dialog = page.getByRole('dialog', { name: /^Open / });
    await dialog.getByRole('button', { name: 'Open olympiad' }).click();
    await expect(dialog.getByRole('alert')).toContainText('The olympiad cannot open while');
    await expect(dialog).toContainText('No writing window');
    await expect(dialog).toContainText('Risk: Without a start and an end time');
    await expect(dialog).toContainText('Risk: There are no questions');
    await look(page, testInfo, 'opening with blockers is refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.getByText('Closed', { exact: true })).toBeVisible();

    // The olympiad's own admin reads its settings page (an admin's pages are not the overlord's).
    const { olympiad } = (await created.json()) as { olympiad: { id: number } };
    const staff = (await (
      await request.get('/olympiad-grant/v-rest/staff-search?search=admin', { headers: auth })
    ).json()) as { items: Array<{ id: number; username: string }> };
    const granted = await request.post('/olympiad-grant/v-rest/', {
      headers: auth,
      data: { olympiadId: olympiad.id, userId: staff.items.find((u) => u.username === 'admin')!.id, role: 'admin' },
    });
    expect(granted.ok(), await granted.text()).toBe(true);
    const admin = await (await browser.newContext()).newPage();
    await signIn(
      admin,
      demoAccounts.find((x) => x.username === 'admin')!,
    );
    await admin.goto(`/${varName}/admin/settings-and-actions`);
    const check = admin.getByTestId('verify-check');
    await expect(check).toHaveAttribute('data-ready', 'false');
    await expect(check.getByRole('link', { name: 'Add a module' })).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Open', exact: true })).toBeDisabled();
    await expect(admin.getByText(/It cannot open while \d+ things block it/)).toBeVisible();
    await look(admin, testInfo, 'the settings page while something blocks opening');
  });
});
