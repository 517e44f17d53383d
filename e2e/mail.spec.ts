import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { demoAccounts, signIn } from './support/session.js';

/**
 * Mass mail: an admin composes a mailing and queues it; the overlord releases it; the message is delivered
 * (to the outbox: the e2e server has no SMTP_URL) and read in the email log; its recipient unsubscribes
 * with one click from the link in the message, without signing in.
 */
const account = (username: string) => {
  const found = demoAccounts.find((a) => a.username === username);
  if (!found) throw new Error(`${username} is missing from the demo accounts`);
  return found;
};

test('compose, queue, release, and unsubscribe from the received message’s link', async ({ browser }, testInfo) => {
  // Four people sign in, and the sender delivers between them: on a loaded two-core machine the walk passed a minute.
  test.setTimeout(150_000);
  const stamp = Date.now();
  const address = `e2e-${stamp}@school.example.org`;
  const subject = `Writing day reminder ${stamp}`;

  // The admin composes a mailing to a pasted address, sees the live count, previews it and queues it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, account('admin'), { at: '/geo-demo/admin/edit/mass-mailers' });
  await admin.getByRole('button', { name: 'New mailing' }).click();
  const compose = admin.getByRole('dialog', { name: 'New mailing' });
  await compose.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await compose
    .getByRole('textbox', { name: 'Message' })
    .fill('Dear teacher, the olympiad opens at 09:00 on writing day.');
  await compose.getByRole('radio', { name: 'A pasted list of addresses' }).check();
  await compose.getByRole('textbox', { name: 'Addresses' }).fill(`${address}\nnot-an-address`);
  await expect(compose.getByText('Not addresses: not-an-address')).toBeVisible();
  await compose.getByRole('textbox', { name: 'Addresses' }).fill(address);
  await expect(compose.getByText('1 recipients')).toBeVisible();
  await compose.getByRole('button', { name: 'Save draft' }).click();
  const preview = admin.getByRole('dialog', { name: 'Preview for one recipient' });
  await expect(preview.getByText(`To ${address}`)).toBeVisible();
  await preview
    .getByRole('button', { name: 'Close' })
    .first()
    .click()
    .catch(() => admin.keyboard.press('Escape'));
  await admin.getByRole('button', { name: `Queue ${subject}` }).click();
  await admin
    .getByRole('dialog', { name: `Queue “${subject}”?` })
    .getByRole('button', { name: 'Queue for 1 recipient' })
    .click();
  await expect(admin.getByText('1 message queued and held until the overlord releases them')).toBeVisible();
  await adminContext.close();

  // The overlord sees it held and releases it; the sender delivers it.
  const overlordContext = await browser.newContext();
  const overlord = await overlordContext.newPage();
  await signIn(overlord, account('overlord'), { at: '/overlord/mass-mail-queue' });
  const card = overlord.locator('.mantine-Card-root').filter({ hasText: subject });
  await expect(card.getByText('1 held')).toBeVisible();
  await card.getByRole('button', { name: 'Release all 1' }).click();
  await expect(card.getByText(/1 sent/)).toBeVisible({ timeout: 20_000 });

  // The message as delivered, opened from the email log.
  await overlord.goto('/overlord/email-logs');
  await overlord.getByRole('searchbox', { name: 'Search by recipient, subject or kind' }).fill(address);
  await overlord.getByRole('button', { name: `Open the message to ${address}: ${subject}` }).click();
  const message = overlord.getByRole('dialog', { name: subject });
  await message.getByRole('tab', { name: 'Plain text' }).click();
  const text = await message.locator('pre, code').first().innerText();
  const link = /(http:\/\/[^\s]+\/geo-demo\/unsubscribe\/[\w-]+)/.exec(text)?.[1];
  expect(link, text).toBeTruthy();
  await overlordContext.close();

  // The recipient, not signed in, opens the link and unsubscribes with one click.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(link!);
  await expect(visitor.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await expect(visitor.getByText('You will still receive')).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, testInfo);
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByText('You are unsubscribed')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText('You are unsubscribed')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  await visitorContext.close();

  // The admin's unsubscribes report lists the address.
  const again = await browser.newContext();
  const adminAgain = await again.newPage();
  await signIn(adminAgain, account('admin'), { at: '/geo-demo/admin/reports/unsubscribes' });
  await adminAgain.getByRole('searchbox', { name: 'Search by address' }).fill(address);
  await expect(adminAgain.getByRole('cell', { name: address })).toBeVisible();
  await again.close();
});
