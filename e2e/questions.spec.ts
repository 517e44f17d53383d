import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { demoPassword, fillSignIn } from './support/session.js';

/**
 * Question authoring: an admin builds a module with one question of each type (one with an image), previews it as a
 * learner, a second admin verifies every question, and the olympiad check turns green.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAHklEQVR42mNk+M9AEmAcVTCqYFTBqIJRBaMKRhUAAM6nH/E2IJCIAAAAAElFTkSuQmCC',
  'base64',
);

async function signIn(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await fillSignIn(page, username, demoPassword);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

async function chooseType(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: label }).click();
}

test('an admin authors every question type, a second admin verifies, the check turns green', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // The overlord sets up a fresh olympiad (with a window and a duration) and grants both admins.
  const token = async (username: string) =>
    (
      (await (
        await request.post('/api/auth/signin', { data: { username, password: demoPassword, loginType: 'staff' } })
      ).json()) as { accessToken: { token: string } }
    ).accessToken.token;
  const overlord = { Authorization: `Bearer ${await token('overlord')}` };
  const projects = (await (
    await request.get('/olympus-project/v-rest/?search=geography', { headers: overlord })
  ).json()) as { items: Array<{ id: number }> };
  const varName = `geo-e2e-${Date.now().toString(36)}`;
  const day = 86_400_000;
  const created = await request.post('/olympiad/v-rest/', {
    headers: overlord,
    data: {
      projectId: projects.items[0]!.id,
      varName,
      title: 'Geography e2e',
      year: 2030,
      feeCents: 0,
      durationMinutes: 45,
      startsAt: new Date(Date.now() + day).toISOString(),
      endsAt: new Date(Date.now() + 2 * day).toISOString(),
    },
  });
  expect(created.status()).toBe(200);
  const olympiadId = ((await created.json()) as { olympiad: { id: number } }).olympiad.id;
  const staff = (await (
    await request.get('/olympiad-grant/v-rest/staff-search?search=admin', { headers: overlord })
  ).json()) as { items: Array<{ id: number; username: string }> };
  for (const username of ['admin', 'admin2']) {
    const user = staff.items.find((u) => u.username === username)!;
    expect(
      (
        await request.post('/olympiad-grant/v-rest/', {
          headers: overlord,
          data: { olympiadId, userId: user.id, role: 'admin' },
        })
      ).status(),
    ).toBe(200);
  }

  // The admin adds a module.
  const admin = await signIn(browser, 'admin');
  await admin.goto(`/${varName}/admin/edit/question-modules`);
  await admin.getByRole('button', { name: 'Add module' }).click();
  await admin.getByRole('textbox', { name: 'Title' }).fill('Maps and places');
  await admin.getByRole('textbox', { name: 'Introduction' }).fill('Look carefully at each map.');
  await admin.getByRole('button', { name: 'Add module', exact: true }).last().click();
  await expect(admin.getByText('1. Maps and places')).toBeVisible();

  // One question of each type; the first with an image.
  await admin.getByRole('link', { name: 'Questions' }).last().click();
  await expect(admin.getByRole('heading', { name: 'Questions', level: 1 })).toBeVisible();
  const add = async () => admin.getByRole('button', { name: 'Add question' }).first().click();
  const save = async () => {
    await admin.getByRole('button', { name: 'Add question' }).last().click();
    await expect(admin.getByRole('dialog')).toBeHidden();
  };

  await add();
  await admin.getByRole('textbox', { name: 'Question', exact: true }).fill('Which province is the largest?');
  await admin
    .getByRole('dialog')
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: PNG });
  await admin.getByRole('textbox', { name: 'Image description (for screen readers)' }).fill('A map of the provinces');
  await admin.getByRole('textbox', { name: 'Option A' }).fill('Northern Cape');
  await admin.getByRole('textbox', { name: 'Option B' }).fill('Gauteng');
  await admin.getByRole('radio', { name: 'Option A is correct' }).check();
  await save();

  await add();
  await chooseType(admin, 'Multiple choice');
  await admin.getByRole('textbox', { name: 'Question', exact: true }).fill('Which are neighbours of South Africa?');
  await admin.getByRole('textbox', { name: 'Option A' }).fill('Namibia');
  await admin.getByRole('textbox', { name: 'Option B' }).fill('Kenya');
  await admin.getByRole('button', { name: 'Add an option' }).click();
  await admin.getByRole('textbox', { name: 'Option C' }).fill('Botswana');
  await admin.getByRole('checkbox', { name: 'Option A is correct' }).check();
  await admin.getByRole('checkbox', { name: 'Option C is correct' }).check();
  await save();

  await add();
  await chooseType(admin, 'True / false');
  await admin.getByRole('textbox', { name: 'Question', exact: true }).fill('Cape Town lies on the Atlantic coast.');
  await admin.getByRole('radio', { name: 'True' }).check();
  await save();

  await add();
  await chooseType(admin, 'Number');
  await admin.getByRole('textbox', { name: 'Question', exact: true }).fill('How high is Table Mountain, in metres?');
  await admin.getByRole('textbox', { name: 'Correct value' }).fill('1085');
  await admin.getByRole('textbox', { name: 'Tolerance (±)' }).fill('5');
  await save();

  await add();
  await chooseType(admin, 'Short text');
  await admin.getByRole('textbox', { name: 'Question', exact: true }).fill('What is the capital of Lesotho?');
  await admin.getByRole('textbox', { name: 'Accepted answers, one a line' }).fill('Maseru');
  await save();

  await expect(admin.getByTestId('sortable-item')).toHaveCount(5);

  // Preview the first question exactly as a learner sees it (no key).
  await admin.getByRole('button', { name: 'Preview question 1' }).click();
  const preview = admin.getByRole('dialog');
  await expect(preview.getByRole('heading', { name: 'Question 1 of 5' })).toBeVisible();
  await expect(preview.getByRole('img', { name: 'A map of the provinces' })).toBeVisible();
  await expect(preview.getByRole('radio', { name: 'Northern Cape' })).not.toBeChecked();
  await admin.keyboard.press('Escape');

  // The admin who wrote them cannot verify them.
  await admin.goto(`/${varName}/admin/reports/verify-questions`);
  await expect(admin.getByRole('button', { name: /^You edited it last: question/ }).first()).toBeDisabled();
  await expect(admin.getByTestId('verify-check')).toHaveAttribute('data-ready', 'false');

  // The second admin verifies every question; the check turns green.
  const admin2 = await signIn(browser, 'admin2');
  await admin2.goto(`/${varName}/admin/reports/verify-questions`);
  await expect(admin2.getByTestId('verify-item')).toHaveCount(5);
  for (let i = 0; i < 5; i++) {
    await admin2
      .getByRole('button', { name: /Mark verified: question \d+ of module 1/ })
      .first()
      .click();
    await expect(admin2.getByTestId('verify-item')).toHaveCount(4 - i);
  }
  await expect(admin2.getByTestId('verify-check')).toHaveAttribute('data-ready', 'true');
  await expect(admin2.getByText('Ready to open')).toBeVisible();
});
