import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { openUntilShown } from './support/click.js';
import { mailedLink } from './support/mail.js';
import { demoPassword, fillSignIn, pathIs, signIn } from './support/session.js';

/**
 * The schools journey, through the UI: a teacher fills in the public expression-of-interest form, an admin
 * processes it, the teacher verifies the address (the link read from the outbox), sets a password,
 * signs in, enters the school in an olympiad, uploads learners with three bad rows, sees the report,
 * fixes the file, uploads it again and downloads the sign-in slips as PDF.
 */
const stamp = Date.now().toString(36);
const schoolName = `Laerskool Bergsig ${stamp}`;
const teacherEmail = `nandi.${stamp}@example.org`;
const newPassword = 'Bergsig-ön-2026 %"\'';

const csv = (rows: string[]) => Buffer.from(`\uFEFFFirst name,Surname,Grade\r\n${rows.join('\r\n')}\r\n`, 'utf8');
const goodRows = Array.from(
  { length: 25 },
  (_, i) => `Learner${String.fromCharCode(65 + (i % 26))}${i},Dlamini-${i},${7 + (i % 6)}`,
);

test('from the public form to printed sign-in slips', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  // 1. The public expression-of-interest form, from the project's pages.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/geography/home');
  await visitor.getByRole('link', { name: 'Enter your school' }).click();
  await expect(visitor).toHaveURL(pathIs('/geography/expression-of-interest'));
  await visitor.getByLabel(/^School name/).fill(schoolName);
  await visitor.getByLabel(/^EMIS number/).fill('');
  const olympiadField = visitor.getByRole('combobox', { name: 'Olympiad' });
  if (await olympiadField.count()) {
    // The page arrives drawn by the server; once in CI a click on the list opened nothing.
    const option = visitor.getByRole('option', { name: /^Geography Olympiad \d+ \(demo\)$/ });
    await openUntilShown(olympiadField, option);
    await option.click();
  }
  await visitor.getByRole('combobox', { name: 'Province' }).click();
  await visitor.getByRole('option', { name: 'Western Cape' }).click();
  await visitor.getByLabel(/^Town/).fill('Stellenbosch');
  await visitor.getByLabel(/^First name/).fill('Nandi');
  await visitor.getByLabel(/^Surname/).fill("O'Connor-Mbeki");
  await visitor.getByLabel(/^Email/).fill(teacherEmail);
  await visitor.getByLabel('About how many learners?').fill('28');
  await expectNoSeriousA11yViolations(visitor, testInfo);
  await visitor.getByRole('button', { name: 'Send expression of interest' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: 'Thank you' })).toContainText(
    'An organiser will look at it',
  );
  await visitor.screenshot({ path: 'test-results/schools-1-eoi-thanks.png', fullPage: true });

  // 2. The admin processes it: no existing school matches, so it is created and entered.
  const admin = await (await browser.newContext()).newPage();
  await signIn(
    admin,
    { username: 'admin', name: 'Annelie Botha', home: '/geo-demo/admin/reports/overview' },
    { at: '/geo-demo/admin/eoi' },
  );
  await admin.getByRole('button', { name: `Handle the expression of ${schoolName}` }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByText('Teacher: Nandi')).toBeVisible();
  await dialog.getByRole('radio', { name: /A new school/ }).check();
  await dialog.getByRole('button', { name: 'Create and enter the school' }).click();
  await expect(admin.getByText(`${schoolName} is entered in`)).toBeVisible();
  await admin.goto('/geo-demo/admin/edit/participating-schools');
  await expect(admin.getByRole('cell', { name: schoolName, exact: true })).toBeVisible();

  // 3. The teacher opens the mailed link, verifies, and chooses a password.
  const teacher = await (await browser.newContext()).newPage();
  const link = await mailedLink(teacher, teacherEmail);
  await teacher.goto(link);
  await teacher.getByLabel(/^New password/).fill(newPassword);
  await teacher.getByLabel(/^Confirm password/).fill(newPassword);
  await teacher.getByRole('button', { name: 'Save password and continue' }).click();
  await expect(teacher).toHaveURL(pathIs('/portal'));

  // 4. Signs in again with the new password (the username is the email address). The page is slow to learn whether
  // the terms are accepted, so the click below comes before it knows: the terms must still come first.
  await teacher.route('**/api/terms-and-conditions/me', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await teacher.context().clearCookies();
  await teacher.evaluate(() => localStorage.clear());
  await teacher.goto('/login');
  await fillSignIn(teacher, teacherEmail, newPassword);
  await expect(teacher).toHaveURL(pathIs('/portal'));
  await expect(teacher.getByText(schoolName).first()).toBeVisible();

  // 5. Enters the school in a further olympiad.
  const enter = teacher.getByRole('button', { name: /Enter my school in History Olympiad/ });
  await enter.click();
  // A teacher who registered accepts the current terms and conditions first (the demo publishes version 1).
  const terms = teacher.getByRole('dialog', { name: 'Terms and conditions' });
  await terms.getByRole('checkbox', { name: /I have read the terms and conditions/ }).check();
  await teacher.unroute('**/api/terms-and-conditions/me');
  await terms.getByRole('button', { name: 'Accept the terms' }).click();
  await teacher
    .getByRole('dialog', { name: /Enter .* in History Olympiad/ })
    .getByRole('button', { name: 'Yes, enter my school' })
    .click();
  await expect(teacher.getByText(/is entered in History Olympiad/)).toBeVisible();
  await teacher.screenshot({ path: 'test-results/schools-2-portal.png', fullPage: true });

  // 6. Uploads learners with three bad rows, reads the report, fixes, uploads again.
  await teacher.goto('/portal/geo-demo/load-learners');
  const bad = csv([...goodRows, ',Nameless,9', 'Zoë,Grade-Less,', 'Anri,du Plessis,14']);
  await teacher.locator('input[type=file]').setInputFiles({ name: 'klas.csv', mimeType: 'text/csv', buffer: bad });
  const report = teacher.getByRole('alert').filter({ hasText: 'upload the file again' });
  await expect(report).toContainText('Fix these 3 rows');
  await expect(report.getByRole('row')).toHaveCount(4);
  await expect(report).toContainText('This olympiad is for grades 7 to 12');
  await expect(teacher.getByRole('button', { name: /^Load \d+ learners$/ })).toHaveCount(0);
  await teacher.screenshot({ path: 'test-results/schools-3-report.png', fullPage: true });
  await expect(teacher.getByText('No learners yet.')).toBeVisible();

  const fixed = csv([...goodRows, 'Sizwe,Nameless,9', "Zoë,D'Arcy,10", 'Anri,du Plessis,12']);
  await teacher.locator('input[type=file]').setInputFiles({ name: 'klas.csv', mimeType: 'text/csv', buffer: fixed });
  await expect(teacher.getByText('Every row is right')).toBeVisible();
  // Loading waits for the school's confirmation that it holds the parents' consent for every learner in the file.
  await expect(teacher.getByRole('button', { name: 'Load 28 learners' })).toBeDisabled();
  await teacher
    .getByRole('checkbox', { name: /consent of a parent or guardian for every learner in this file/ })
    .check();
  await teacher.getByRole('button', { name: 'Load 28 learners' }).click();
  // The page says what the import did (and its notification says the same once).
  await expect(teacher.locator('#main-content').getByText('28 learners are loaded')).toBeVisible();
  await expect(teacher.getByText('28 in all')).toBeVisible();
  await expect(teacher.getByRole('cell', { name: "D'Arcy", exact: true })).toBeVisible();

  // 7. Downloads the sign-in slips.
  const [download] = await Promise.all([
    teacher.waitForEvent('download'),
    teacher.getByRole('button', { name: 'Download sign-in slips (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoSeriousA11yViolations(teacher, testInfo);
  await teacher.setViewportSize({ width: 360, height: 800 });
  await teacher.screenshot({ path: 'test-results/schools-4-learners-360.png', fullPage: true });
});

/** A token for API set-up steps (the journey itself goes through the UI). */
async function apiToken(page: Page, username: string): Promise<string> {
  const res = await page.context().request.post('/api/auth/signin', {
    data: { username, password: demoPassword, loginType: 'staff' },
  });
  return ((await res.json()) as { accessToken: { token: string } }).accessToken.token;
}

test('FAQs: the overlord and an admin write them, a teacher and the public read them', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const question = `Can learners use a calculator? ${stamp}`;
  const olympiadQuestion = `Is there a practice paper? ${stamp}`;

  // The overlord adds an FAQ for every teacher and moves it up one place.
  const overlord = await (await browser.newContext()).newPage();
  await signIn(
    overlord,
    { username: 'overlord', name: 'Olwethu Dlamini', home: '/overlord/overview' },
    { at: '/overlord/edit/faqs' },
  );
  const list = overlord.getByRole('list', { name: 'FAQs: For every teacher' });
  await expect(list.getByText('How do I enter my school?')).toBeVisible();
  await overlord.getByRole('button', { name: 'Add an FAQ' }).click();
  const dialog = overlord.getByRole('dialog', { name: 'Add an FAQ' });
  await expect(dialog.getByRole('radio', { name: 'All teachers' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Add FAQ' }).click();
  await expect(dialog.getByText('Write the answer')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Question' }).fill(question);
  await dialog.getByRole('textbox', { name: 'Answer' }).fill('Yes: a simple calculator, not a phone.');
  await dialog.getByRole('button', { name: 'Add FAQ' }).click();
  await expect(dialog).toBeHidden();
  const items = list.getByRole('listitem');
  await expect(items.last()).toContainText(question);
  const count = await items.count();
  await overlord.getByRole('button', { name: `Move up: ${question}` }).click();
  await expect(items.nth(count - 2)).toContainText(question);
  await expectNoSeriousA11yViolations(overlord, testInfo);
  await overlord.screenshot({ path: 'test-results/faqs-1-overlord.png', fullPage: true });
  await overlord.setViewportSize({ width: 360, height: 800 });
  await overlord.screenshot({ path: 'test-results/faqs-1-overlord-360.png', fullPage: true });

  // The admin of geo-demo writes one for that olympiad's teachers, on the olympiad's general copy.
  const admin = await (await browser.newContext()).newPage();
  await signIn(
    admin,
    { username: 'admin', name: 'Annelie Botha', home: '/geo-demo/admin/reports/overview' },
    { at: '/geo-demo/admin/edit/general-copy' },
  );
  await expect(admin.getByText('Are calculators allowed? (draft)')).toBeVisible();
  await expect(admin.getByText('Draft', { exact: true })).toBeVisible();
  await admin.getByRole('button', { name: 'Add an FAQ' }).click();
  const adminDialog = admin.getByRole('dialog', { name: 'Add an FAQ' });
  await expect(adminDialog.getByRole('radio')).toHaveCount(0);
  await adminDialog.getByRole('textbox', { name: 'Question' }).fill(olympiadQuestion);
  await adminDialog.getByRole('textbox', { name: 'Answer' }).fill('Yes: last year’s paper is on the website.');
  await adminDialog.getByRole('button', { name: 'Add FAQ' }).click();
  await expect(admin.getByRole('listitem').filter({ hasText: olympiadQuestion })).toBeVisible();
  await expectNoSeriousA11yViolations(admin, testInfo);
  await admin.screenshot({ path: 'test-results/faqs-2-admin.png', fullPage: true });

  // A teacher reads the olympiad's questions first, then those for every teacher; drafts stay hidden.
  const teacher = await (await browser.newContext()).newPage();
  await signIn(
    teacher,
    { username: 'teacher', name: 'Thandi Mokoena', home: '/portal' },
    { at: '/portal/geo-demo/faq' },
  );
  const about = teacher.getByRole('region', { name: /^About Geography Olympiad/ });
  await about.getByRole('button', { name: olympiadQuestion }).click();
  await expect(about.getByText('last year’s paper is on the website')).toBeVisible();
  await expect(teacher.getByText('Are calculators allowed? (draft)')).toHaveCount(0);
  const general = teacher.getByRole('region', { name: 'For every teacher' });
  await general.getByRole('button', { name: question }).click();
  await expect(general.getByText('a simple calculator, not a phone')).toBeVisible();
  await expectNoSeriousA11yViolations(teacher, testInfo);
  await teacher.screenshot({ path: 'test-results/faqs-3-teacher.png', fullPage: true });
  await teacher.setViewportSize({ width: 360, height: 800 });
  await teacher.screenshot({ path: 'test-results/faqs-3-teacher-360.png', fullPage: true });

  // The public FAQ page of the geography project.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/geography/faq');
  await visitor.getByRole('button', { name: 'Who may take part?' }).click();
  await expect(visitor.getByText('grades 7 to 12')).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, testInfo);
  await visitor.screenshot({ path: 'test-results/faqs-4-public.png', fullPage: true });
});

test('an admin disables a teacher (signed out at once) and enables them again', async ({ browser }, testInfo) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, { username: 'admin', name: 'Annelie Botha', home: '/geo-demo/admin/reports/overview' });
  const token = await apiToken(admin, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const schools = (await (
    await admin.context().request.get('/school/v-rest/?search=waterkloof', { headers })
  ).json()) as { items: Array<{ id: number }> };
  const surname = `Disabled-${stamp}`;
  const created = await admin.context().request.post('/teacher/v-rest/', {
    headers,
    data: {
      schoolId: schools.items[0]!.id,
      firstName: 'Lindiwe',
      lastName: surname,
      email: `lindiwe.${stamp}@example.org`,
    },
  });
  expect(created.status()).toBe(200);

  await admin.goto('/geo-demo/admin/edit/teachers');
  await admin.getByRole('searchbox', { name: /^Search/ }).fill(surname);
  const row = admin.getByRole('row').filter({ hasText: surname });
  await expect(row.getByText('No password yet')).toBeVisible();
  await row.getByRole('button', { name: `Disable Lindiwe ${surname}` }).click();
  const confirm = admin.getByRole('dialog', { name: 'Disable this teacher?' });
  await expect(confirm).toContainText('signed out everywhere at once');
  await expectNoSeriousA11yViolations(admin, testInfo);
  await confirm.getByRole('button', { name: 'Disable and sign out' }).click();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(admin.getByText(`Lindiwe ${surname} is disabled and signed out everywhere`)).toBeVisible();
  await expect(row.getByRole('button', { name: /Reset password/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(admin, testInfo);
  await admin.screenshot({ path: 'test-results/teachers-disabled.png', fullPage: true });

  await row.getByRole('button', { name: `Enable Lindiwe ${surname}` }).click();
  await admin.getByRole('dialog', { name: 'Enable this teacher?' }).getByRole('button', { name: 'Enable' }).click();
  await expect(row.getByText('No password yet')).toBeVisible();
  await admin.setViewportSize({ width: 360, height: 800 });
  await admin.screenshot({ path: 'test-results/teachers-360.png', fullPage: true });
});
