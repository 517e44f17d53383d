import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { demoAccounts, demoPassword, signIn } from './support/session.js';

/**
 * The certificate journey through the UI: the admin designs the certificate on `geo-2025` (moves the
 * learner's name by dragging and by the number inputs, saves), previews it with a real learner, generates every
 * certificate after the results are published (the progress reaches done) and sends them to the schools; the
 * teacher of Hoërskool Waterkloof downloads the school's print-ready PDF; anyone checks a certificate's code on the
 * public page. Axe on every page.
 */
const olympiadName = 'geo-2025';
const account = (username: string) => demoAccounts.find((a) => a.username === username)!;

async function staffToken(api: APIRequestContext, username: string) {
  const res = await api.post('/api/auth/signin', { data: { username, password: demoPassword, loginType: 'staff' } });
  return ((await res.json()) as { accessToken: { token: string } }).accessToken.token;
}

async function olympiadId(api: APIRequestContext) {
  const res = await api.get(`/website/api/olympiad/${olympiadName}`);
  return ((await res.json()) as { olympiad: { id: number } }).olympiad.id;
}

/** The learner's-name field on the canvas (a button named after the field and its place). */
const learnerField = (page: Page) => page.getByRole('button', { name: /^Learner’s name: .+, at \d+, \d+ points/ });

async function expectPdf(page: Page, click: () => Promise<void>, name: RegExp) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(download.suggestedFilename()).toMatch(name);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
}

test('an admin designs, generates and sends certificates; a teacher downloads them; anyone checks a code', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const id = await olympiadId(request);

  // 1. The designer: select the learner's name, drag it, set its place exactly, save.
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(admin, account('admin'), { at: `/${olympiadName}/admin/results/edit-certificates` });
  await expect(admin.getByRole('heading', { level: 1, name: 'Edit certificates' })).toBeVisible();
  await expect(learnerField(admin)).toBeVisible();
  await learnerField(admin).click();
  const left = admin.getByRole('textbox', { name: 'From the left' });
  const top = admin.getByRole('textbox', { name: 'From the top' });
  // Placed exactly with the number input first, then dragged 60 px to the right.
  await left.fill('40');
  await left.blur();
  await expect(learnerField(admin)).toHaveAccessibleName(/, at 40, \d+ points/);
  const box = (await learnerField(admin).boundingBox())!;
  await admin.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await admin.mouse.down();
  await admin.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2, { steps: 5 });
  await admin.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 5 });
  await admin.mouse.up();
  await expect.poll(async () => Number((await left.inputValue()).replace(/\D/g, ''))).toBeGreaterThan(60);
  await top.fill('210');
  await top.blur();
  await expect(learnerField(admin)).toHaveAccessibleName(/, 210 points/);
  // The keyboard moves the focused field too: Shift+→ is 10 points.
  const x1 = Number((await left.inputValue()).replace(/\D/g, ''));
  await learnerField(admin).focus();
  await admin.keyboard.press('Shift+ArrowRight');
  await expect(left).toHaveValue(`${x1 + 10} pt`);
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText(/saved/i).first()).toBeVisible();
  await expectNoSeriousA11yViolations(admin, testInfo);

  // The saved design is what the server holds.
  const token = await staffToken(request, 'admin');
  const saved = (await (
    await request.get(`/olympiad/certificate-config/${id}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { config: { default: { fields: Array<{ kind: string; x: number; y: number }> } }; updatedAt: string };
  const learner = saved.config.default.fields.find((f) => f.kind === 'learner')!;
  expect(learner).toMatchObject({ x: x1 + 10, y: 210 });
  expect(saved.updatedAt).toBeTruthy();

  // 2. The preview prints a real learner with the design on screen.
  const [preview] = await Promise.all([
    admin.waitForResponse((r) => r.url().includes('/preview') && r.request().method() === 'POST'),
    admin.getByRole('button', { name: 'Preview with a real learner' }).click(),
  ]);
  expect(preview.status()).toBe(200);
  expect(preview.headers()['content-type']).toContain('application/pdf');
  await expect(admin.getByRole('link', { name: 'Open the last preview' })).toBeVisible();

  // 3. The results are published (the awards screen's call), then Generate runs to the end with its progress bar.
  const published = await request.post(`/olympiad/results/${id}/publish`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(published.status(), await published.text()).toBeLessThan(300);
  await admin.goto(`/${olympiadName}/admin/results/generate-and-send-certificates`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Generate and send certificates' })).toBeVisible();
  await expect(admin.getByText('The results are published.')).toBeVisible();
  await admin.getByRole('button', { name: /^Generate (certificates|again)$/ }).click();
  // The job's bar (its filled part has no width while nothing is done, so the bar's frame is what shows).
  const bar = admin.getByRole('progressbar', { name: 'Generation progress' });
  await expect(admin.getByTestId('job-progress')).toBeVisible();
  // Under the bar, what the job did once it has ended (the notification says the same once).
  await expect(admin.getByText(/^\d+ certificates generated for 2 schools \(/)).toBeVisible({ timeout: 90_000 });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(admin.getByText(/2 of 2 schools have their PDF/)).toBeVisible();

  // 4. Send: the confirmation says how many schools get mail; then none is left to mail.
  await admin.getByRole('button', { name: 'Send to schools' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Send the certificates?' });
  await expect(dialog).toContainText('2 schools will get a mail');
  await dialog.getByRole('button', { name: 'Mail 2 schools' }).click();
  await expect(admin.getByTestId('send-count-pending')).toHaveText('0', { timeout: 30_000 });
  const table = admin.getByRole('table', { name: 'Schools and their certificate mail' });
  await expect(table.getByRole('row', { name: /Hoërskool Waterkloof/ })).toContainText(/Queued|Sent/);
  await expectNoSeriousA11yViolations(admin, testInfo);

  // 5. Browse: find a learner with an accented name, download the certificate, note its code.
  await admin.goto(`/${olympiadName}/admin/results/browse-certificates`);
  await admin.getByRole('searchbox', { name: 'Search by learner or school' }).fill('Zoë');
  const row = admin.getByRole('table', { name: 'Certificates' }).getByRole('row', { name: /Zoë/ }).first();
  await expect(row).toBeVisible();
  const code = (await row.getByRole('link').innerText()).trim();
  expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expectPdf(
    admin,
    () => row.getByRole('button', { name: /^PDF, certificate of Zoë/ }).click(),
    /^certificate-Zoë.*\.pdf$/,
  );
  await expectNoSeriousA11yViolations(admin, testInfo);

  // 6. The teacher of Hoërskool Waterkloof downloads the school's certificates as one PDF.
  const teacher = await (await browser.newContext()).newPage();
  await signIn(teacher, account('teacher'), { at: `/portal/${olympiadName}/certificates` });
  await expect(teacher.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
  await expect(teacher.getByText(/certificates? in one PDF, ready to print on A4/)).toBeVisible();
  await expectPdf(
    teacher,
    () => teacher.getByRole('button', { name: 'Download all certificates (PDF)' }).click(),
    /^certificates-.*\.pdf$/,
  );
  await expect(teacher.getByRole('table', { name: 'Your learners’ certificates' })).toBeVisible();
  await expectNoSeriousA11yViolations(teacher, testInfo);

  // 7. Anyone (no sign-in, on a phone) checks a code on the public page: an unknown one is said so; the printed one
  // typed into "Check another code" is genuine and says what it certifies.
  const visitor = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await visitor.goto('/verify/ABCD-EFGH-JKMN');
  await expect(visitor.getByRole('heading', { level: 1, name: 'No certificate has this code' })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, testInfo);
  await visitor.getByRole('textbox', { name: 'Check another code' }).fill(code);
  await visitor.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`/verify/${code}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: 'This certificate is genuine' })).toBeVisible();
  const certifies = visitor.getByRole('table', { name: 'What the certificate certifies' });
  await expect(certifies).toContainText('Zoë');
  await expect(certifies).toContainText('Geography');
  await expectNoSeriousA11yViolations(visitor, testInfo);
});
