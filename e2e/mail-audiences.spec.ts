import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { isoToWallTime } from '#contract/time';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { demoAccounts, signIn } from './support/session.js';

/**
 * Scheduled mail and its audiences (decision 020): the accountant marks purchase orders paid or
 * pre-approved, which moves the audience "teachers of schools not yet paid"; an admin keeps the useful
 * contacts; a mailing is scheduled on South African time, and the overlord moves, cancels and releases it early. One journey: it changes shared
 * demo data (purchase orders) and puts it back.
 */
const account = (username: string) => {
  const found = demoAccounts.find((a) => a.username === username);
  if (!found) throw new Error(`${username} is missing from the demo accounts`);
  return found;
};

/** Tomorrow (South African date) at a given time, as a datetime-local value. */
function tomorrowAt(time: string, days = 1): string {
  const date = isoToWallTime(new Date(Date.now() + days * 86_400_000).toISOString()).slice(0, 10);
  return `${date}T${time}`;
}

/** Picks an audience in the open composer and answers its live count (the server's answer for that audience). */
async function audienceCount(page: Page, audience: string, kind: string): Promise<number> {
  const compose = page.getByRole('dialog', { name: 'New mailing' });
  const answer = page.waitForResponse(
    (r) =>
      r.url().endsWith('/emailer/api/audience-count') &&
      (r.request().postDataJSON() as { audience: { kind: string } }).audience.kind === kind,
  );
  await compose.getByRole('radio', { name: audience }).check();
  const { count } = (await (await answer).json()) as { count: number };
  await expect(compose.getByText(`${count} recipients`)).toBeVisible();
  return count;
}

/**
 * Teachers of participating schools minus teachers of schools not yet paid: the teachers of paid schools.
 * Read as a difference so that a school another journey enters meanwhile (unpaid) does not change it.
 */
async function paidTeachers(page: Page): Promise<number> {
  // Another audience first, so that picking the participating teachers asks the server again.
  await audienceCount(page, 'Useful contacts', 'useful-contacts');
  const participating = await audienceCount(page, 'Teachers of participating schools', 'participating-teachers');
  const unpaid = await audienceCount(page, 'Teachers of schools not yet paid', 'unpaid-teachers');
  return participating - unpaid;
}

test('purchase orders, useful contacts and a scheduled mailing', async ({ browser }, testInfo) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const rondebosch = /Rondebosch Boys.? High School/;

  // The accountant: Rondebosch is pre-approved (not paid), Waterkloof paid.
  const accountantContext = await browser.newContext();
  const accountant = await accountantContext.newPage();
  await signIn(accountant, account('accountant'));
  await expect(accountant.getByRole('heading', { name: 'Payment Portal' })).toBeVisible();
  const orders = accountant.getByRole('table', { name: 'Purchase orders' });
  const rondeboschRow = orders.getByRole('row').filter({ hasText: rondebosch });
  const waterkloofRow = orders.getByRole('row').filter({ hasText: 'Hoërskool Waterkloof' });
  await expect(rondeboschRow.getByText('Pre-approved', { exact: true })).toBeVisible();
  await expect(waterkloofRow.getByText('Paid', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(accountant, testInfo);

  // An admin composing sees only Waterkloof's teacher among the paid: pre-approved is not paid.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, account('admin'), { at: '/geo-demo/admin/edit/mass-mailers' });
  await admin.getByRole('button', { name: 'New mailing' }).click();
  expect(await paidTeachers(admin)).toBe(1);

  // Marked paid with one click, Rondebosch's teacher leaves "not yet paid"; undone (a paid order offers only
  // "Not paid") and pre-approved again, returns.
  await rondeboschRow.getByRole('button', { name: /^Mark paid: Rondebosch/ }).click();
  await expect(accountant.getByText(/Rondebosch Boys.? High School: paid/)).toBeVisible();
  await expect(accountant.getByText('Paid: 2')).toBeVisible();
  await expect(rondeboschRow.getByText(/Sipho Nkosi, .* SAST/)).toBeVisible();
  expect(await paidTeachers(admin)).toBe(2);
  await expect(rondeboschRow.getByRole('button', { name: /^Pre-approve: Rondebosch/ })).toHaveCount(0);
  await rondeboschRow.getByRole('button', { name: /^Not paid: Rondebosch/ }).click();
  await expect(rondeboschRow.getByRole('button', { name: /^Mark paid: Rondebosch/ })).toBeVisible();
  await rondeboschRow.getByRole('button', { name: /^Pre-approve: Rondebosch/ }).click();
  await expect(accountant.getByText('Pre-approved: 1')).toBeVisible();
  expect(await paidTeachers(admin)).toBe(1);

  // Removing asks first; the removed order is listed on request and restored from there.
  await waterkloofRow.getByRole('button', { name: 'Remove the order of Hoërskool Waterkloof' }).click();
  const confirm = accountant.getByRole('dialog', { name: 'Remove this purchase order?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(accountant.getByText('Removed: 1')).toBeVisible();
  await expect(waterkloofRow).toHaveCount(0);
  expect(await paidTeachers(admin)).toBe(0);
  await accountant.getByRole('checkbox', { name: 'Include removed orders' }).check();
  await waterkloofRow.getByRole('button', { name: 'Restore the order of Hoërskool Waterkloof' }).click();
  await waterkloofRow.getByRole('button', { name: 'Mark paid: Hoërskool Waterkloof' }).click();
  await expect(accountant.getByText('Paid: 1')).toBeVisible();
  await expect(accountant.getByText('Removed: 0')).toBeVisible();
  expect(await paidTeachers(admin)).toBe(1);
  await accountantContext.close();

  // Useful contacts: the form checks as you type; add, edit, delete with a confirmation.
  await admin.keyboard.press('Escape');
  await admin.goto('/geo-demo/admin/edit/interested-and-affected-parties');
  await expect(admin.getByRole('heading', { name: 'Interested and affected parties' })).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'Karoo Mapping Trust' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin, testInfo);
  await admin.getByRole('button', { name: 'New contact' }).click();
  const form = admin.getByRole('form', { name: 'New contact' });
  const name = `Themba Ndlovu ${stamp}`;
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Email' }).fill('themba@');
  await form.getByRole('textbox', { name: 'Phone' }).click();
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
  await form.getByRole('textbox', { name: 'Email' }).fill(`themba.${stamp}@district.example.org`);
  await form.getByRole('textbox', { name: 'Organisation' }).fill('Tshwane South District');
  await form.getByRole('button', { name: 'Save contact' }).click();
  await expect(admin.getByText(`${name} is saved`)).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search name, organisation, email' }).fill(String(stamp));
  await expect(admin.getByRole('cell', { name: 'Tshwane South District' })).toBeVisible();
  await admin.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = admin.getByRole('form', { name: 'Edit contact' });
  await edit.getByRole('textbox', { name: 'Role or title' }).fill('Deputy chief education specialist');
  await edit.getByRole('button', { name: 'Save contact' }).click();
  await expect(admin.getByRole('cell', { name: 'Deputy chief education specialist' })).toBeVisible();

  // The audience "useful contacts" counts the four with an address (Ayesha Davids has none).
  await admin.goto('/geo-demo/admin/edit/mass-mailers');
  await admin.getByRole('button', { name: 'New mailing' }).click();
  expect(await audienceCount(admin, 'Useful contacts', 'useful-contacts')).toBe(4);
  await admin.keyboard.press('Escape');
  await admin.goto('/geo-demo/admin/edit/interested-and-affected-parties');
  await admin.getByRole('searchbox', { name: 'Search name, organisation, email' }).fill(String(stamp));
  await admin.getByRole('button', { name: `Delete ${name}` }).click();
  await admin.getByRole('dialog', { name: 'Delete this contact?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText(`${name} is removed`)).toBeVisible();
  await expect(admin.getByText('No contacts match.')).toBeVisible();

  // A mailing scheduled for tomorrow 08:00 South African time, read back in words before saving.
  const subject = `Thank you, partners ${stamp}`;
  await admin.goto('/geo-demo/admin/edit/mass-mailers');
  await admin.getByRole('button', { name: 'New mailing' }).click();
  const compose = admin.getByRole('dialog', { name: 'New mailing' });
  await compose.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await compose.getByRole('textbox', { name: 'Message' }).fill('Thank you for supporting the olympiad.');
  await compose.getByRole('radio', { name: 'Useful contacts' }).check();
  await compose.getByLabel('Release at (SAST)').fill(tomorrowAt('08:00'));
  await expect(compose.getByText(/Released on .* 08:00 SAST/)).toBeVisible();
  await compose.getByRole('button', { name: 'Save draft' }).click();
  const preview = admin.getByRole('dialog', { name: 'Preview for one recipient' });
  await expect(preview.getByText(/^To /)).toBeVisible();
  await admin.keyboard.press('Escape');
  const mailingRow = admin.getByRole('row').filter({ hasText: subject });
  await expect(mailingRow.getByText(/To be released: .* 08:00 SAST/)).toBeVisible();
  await expectNoSeriousA11yViolations(admin, testInfo);
  await admin.getByRole('button', { name: `Queue ${subject}` }).click();
  await admin
    .getByRole('dialog', { name: `Queue “${subject}”?` })
    .getByRole('button', { name: 'Queue for 3 recipients' })
    .click();
  await expect(admin.getByText(/3 messages queued and held until .* 08:00 SAST/)).toBeVisible();
  await expect(mailingRow.getByText(/Scheduled: .* 08:00 SAST/)).toBeVisible();
  await adminContext.close();

  // The overlord sees the schedule, moves it, cancels it, and releases the mailing early by hand.
  const overlordContext = await browser.newContext();
  const overlord = await overlordContext.newPage();
  await signIn(overlord, account('overlord'), { at: '/overlord/mass-mail-queue' });
  const card = overlord.locator('.mantine-Card-root').filter({ hasText: subject });
  await expect(card.getByText(/Scheduled: .* 08:00 SAST/)).toBeVisible();
  await expectNoSeriousA11yViolations(overlord, testInfo);
  await card.getByRole('button', { name: `Change time: ${subject}` }).click();
  await card.getByLabel('Release at (SAST)').fill(tomorrowAt('14:30', 2));
  await card.getByRole('button', { name: 'Save time' }).click();
  await expect(overlord.getByText(new RegExp(`will be released on .* 14:30 SAST`))).toBeVisible();
  await expect(card.getByText(/Scheduled: .* 14:30 SAST/)).toBeVisible();
  await card.getByRole('button', { name: `Cancel schedule: ${subject}` }).click();
  await expect(card.getByText('No schedule: held until you release it.')).toBeVisible();
  await card.getByRole('button', { name: 'Release all 3' }).click();
  await expect(card.getByText(/3 sent/)).toBeVisible({ timeout: 20_000 });
  await overlordContext.close();
});
