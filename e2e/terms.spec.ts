import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { signIn } from './support/session.js';

/**
 * New terms and conditions are put to a teacher. The terms are one for the whole platform, so this
 * journey runs after every other one (the `after-all` project in playwright.config.ts): a teacher of another journey
 * entering a school meanwhile would otherwise be asked to accept them first.
 */
test('the overlord publishes new terms and a teacher is asked to accept them', async ({ browser }, testInfo) => {
  const overlord = await (await browser.newContext()).newPage();
  await signIn(
    overlord,
    { username: 'overlord', name: 'Olwethu Dlamini', home: '/overlord/overview' },
    { at: '/overlord/edit/terms-and-conditions' },
  );
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
