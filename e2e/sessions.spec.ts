import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { lookAtBothWidths } from './support/look.js';
import { openUntilShown } from './support/click.js';
import { account, pathIs, sessionOf, signIn, signInAtLogin } from './support/session.js';

/**
 * Signed-in sessions (decision 107): a teacher signed in on two browsers sees both on their account page, the other
 * one named by its browser and system, and ends it from the first; the second browser is signed out on its very next
 * action. "End all others" asks first.
 */
const teacher = account('teacher');
/** The second browser says it is Safari on an iPhone, so the first can tell it apart in the list. */
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.5 Mobile/15E148 Safari/604.1';

test.describe.configure({ timeout: 120_000 });

test('a teacher ends the session of another browser, which is signed out on its next action', async ({
  page,
  browser,
}, testInfo) => {
  const phoneContext = await browser.newContext({ userAgent: iphone });
  const phone = await phoneContext.newPage();
  await signInAtLogin(phone, teacher);
  await signInAtLogin(page, teacher);

  await page.goto('/portal/update-password');
  const card = page.getByRole('region', { name: 'Signed-in sessions' });
  await expect(card).toBeVisible();
  const sessions = card.getByRole('list', { name: 'Signed-in sessions' });
  const mine = sessions.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(/Chrome \d+ on Windows/);
  await expect(mine).toContainText('Address: 127.0.0.1');
  await expect(mine).toContainText(/Last seen: .*\d{2}:\d{2}/);
  const other = sessions.getByRole('listitem').filter({ hasText: 'Safari 17 on iOS 17' }).first();
  await expect(other).toBeVisible();
  await lookAtBothWidths(page, testInfo, 'signed-in sessions');

  // "End all others" asks first; cancelled, nothing ends (other journeys share the demo teacher).
  await card.getByRole('button', { name: 'End all others' }).click();
  const confirm = page.getByRole('dialog', { name: 'End all your other sessions?' });
  await expect(confirm).toContainText('This one stays signed in.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  await other.getByRole('button', { name: 'End the session on Safari 17 on iOS 17' }).click();
  // The server's words, in the page's language, and the list without it.
  await expect(page.getByText('The session is ended')).toBeVisible();
  await expect(sessions.getByRole('listitem').filter({ hasText: 'Safari 17 on iOS 17' })).toHaveCount(0);
  await expect(mine).toBeVisible();

  // The phone's next action asks the server, which refuses its token: it is signed out and sent to sign in.
  await phone.getByRole('link', { name: 'My profile' }).click();
  await expect(phone).toHaveURL(/\/login/);
  await expect(page).toHaveURL(pathIs('/portal/update-password'));
  await phoneContext.close();
});

test('the overlord reads where a staff user is signed in, and is asked before ending all their sessions', async ({
  page,
}, testInfo) => {
  // A session of the funding user, so that the list has something to show.
  await sessionOf(page.request, 'funding');
  await signIn(page, account('overlord'), { at: '/overlord/edit/users' });
  await expect(page.getByRole('table', { name: 'Users' }).getByText('Fatima Patel')).toBeVisible();
  const item = page.getByRole('menuitem', { name: /^Sessions \(\d+\)$/ });
  await openUntilShown(page.getByRole('button', { name: 'Actions for funding' }), item);
  await item.click();
  const dialog = page.getByRole('dialog', { name: 'Sessions of Fatima Patel (funding)' });
  await expect(dialog.getByRole('listitem').first()).toContainText('Last seen:');
  await lookAtBothWidths(page, testInfo, 'a user’s sessions');

  // Other journeys use the demo funding user: the question is answered "Cancel" here (the API tests end them).
  await dialog.getByRole('button', { name: 'End all sessions' }).click();
  const confirm = page.getByRole('dialog', { name: 'End all sessions?' });
  await expect(confirm).toContainText('They are signed out on every device at once');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // The overlord's own sessions are on their account page, beside two-factor sign-in.
  await page.goto('/my-account');
  const own = page.getByRole('region', { name: 'Signed-in sessions' });
  await expect(own.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, testInfo);
});
