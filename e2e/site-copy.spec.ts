import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { signIn } from './support/session.js';

/**
 * Copy as data (issue 14): every public page reads its copy, an admin publishes the project's About page and a
 * visitor reads it, and a changed version of the terms is put to a teacher.
 */

const publicPages = [
  {
    path: '/olympus/home',
    heading: 'Online olympiads for South African schools',
    text: 'Olympus runs subject olympiads',
  },
  { path: '/olympus/about', heading: 'About Olympus', text: 'A platform for school olympiads' },
  { path: '/olympus/our-partners', heading: 'Our partners', text: 'Society of South African Geographers' },
  { path: '/olympus/our-users', heading: 'Our users', text: 'Vryheid Comprehensive School' },
  { path: '/olympus/contact', heading: 'Contact', text: 'hello@olympus.example.org' },
  { path: '/geography/home', heading: 'Geography Olympiad', text: 'Schools enter for free' },
  { path: '/geography/about', heading: 'About', text: 'Who runs it' },
  { path: '/geography/participation-and-rules', heading: 'Participation and rules', text: 'The rules of writing' },
  { path: '/geography/contact', heading: 'Contact', text: 'entries@geo-olympiad.example.org' },
  { path: '/geography/faq', heading: 'Questions and answers', text: 'Who may take part?' },
];

test('a visitor reads every public page, on a desktop and a phone', async ({ page }, testInfo) => {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    for (const { path, heading, text } of publicPages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(text).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, testInfo);
      await page.screenshot({
        path: `test-results/site-copy-${path.slice(1).replaceAll('/', '-')}-${width}.png`,
        fullPage: true,
      });
    }
  }
});

test('an admin publishes the project’s About page and a visitor reads it', async ({ browser }, testInfo) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, { username: 'admin', name: 'Annelie Botha', home: '/geo-demo/admin/reports/overview' });
  await admin.goto('/geo-demo/admin/edit/website-copy');
  await admin.getByRole('tab', { name: 'About' }).click();
  const editor = admin.getByRole('textbox', { name: 'About', exact: true });
  await expect(editor).toContainText('Who runs it');
  const sentence = `Since ${Date.now()} our learners read maps of their own towns.`;
  await editor.click();
  await editor.press('ControlOrMeta+End');
  await editor.pressSequentially(` ${sentence}`);
  const preview = admin.getByRole('region', { name: 'Preview: as a visitor sees it' });
  await expect(preview).toContainText(sentence);
  await expect(admin.getByText('Not published yet')).toBeVisible();
  await expectNoSeriousA11yViolations(admin, testInfo);
  await admin.screenshot({ path: 'test-results/site-copy-editor-1280.png', fullPage: true });
  await admin.getByRole('button', { name: 'Publish about' }).click();
  await expect(admin.getByText('The page is published')).toBeVisible();
  await expect(admin.getByText('Not published yet')).toBeHidden();
  await admin.setViewportSize({ width: 360, height: 900 });
  await admin.screenshot({ path: 'test-results/site-copy-editor-360.png', fullPage: true });

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/geography/about');
  await expect(visitor.getByText(sentence)).toBeVisible();
  await expect(visitor.getByText('Who runs it')).toBeVisible();
});

test('the overlord publishes new terms and a teacher is asked to accept them', async ({ browser }, testInfo) => {
  const overlord = await (await browser.newContext()).newPage();
  await signIn(overlord, { username: 'overlord', name: 'Olwethu Dlamini', home: '/overlord/overview' });
  await overlord.goto('/overlord/edit/terms-and-conditions');
  await expect(overlord.getByRole('cell', { name: 'The first version.' })).toBeVisible();
  const editor = overlord.getByRole('textbox', { name: 'Terms and conditions', exact: true });
  await editor.click();
  await editor.press('ControlOrMeta+End');
  await editor.pressSequentially(' 6. Certificates are sent to the teacher who entered the school.');
  await overlord.getByRole('textbox', { name: 'What changed' }).fill('A clause on certificates.');
  await expectNoSeriousA11yViolations(overlord, testInfo);
  await overlord.getByRole('button', { name: 'Publish version 2' }).click();
  await expect(overlord.getByText('Version 2 is published')).toBeVisible();
  await expect(overlord.getByRole('cell', { name: 'A clause on certificates.' })).toBeVisible();
  await overlord.screenshot({ path: 'test-results/site-copy-terms-overlord.png', fullPage: true });

  const teacher = await (await browser.newContext()).newPage();
  await signIn(teacher, { username: 'teacher', name: 'Thandi Mokoena', home: '/portal' });
  const notice = teacher.getByRole('alert').filter({ hasText: 'The terms and conditions have changed' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Read and accept' }).click();
  const dialog = teacher.getByRole('dialog', { name: 'The terms and conditions have changed' });
  await expect(dialog).toContainText('You accepted version 1');
  await expect(dialog).toContainText('A clause on certificates.');
  await expect(dialog).toContainText('Certificates are sent to the teacher');
  await dialog.getByRole('button', { name: 'Accept the terms' }).click();
  await expect(dialog.getByText('Tick this box to accept the terms.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: /I have read the terms and conditions/ }).check();
  await expectNoSeriousA11yViolations(teacher, testInfo);
  await teacher.setViewportSize({ width: 360, height: 800 });
  await teacher.screenshot({ path: 'test-results/site-copy-terms-teacher-360.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Accept the terms' }).click();
  await expect(dialog).toBeHidden();
  await expect(notice).toBeHidden();
});
