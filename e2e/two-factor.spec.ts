import { Secret, TOTP } from 'otpauth';
import { expect, test } from './support/test.js';
import { lookAtBothWidths } from './support/look.js';
import { mailedLink } from './support/mail.js';
import { account, auth, fillSignIn, pathIs, signIn, signInForm, tokenOf } from './support/session.js';

/**
 * Two-factor sign-in (decision 106): a new staff user (made by the overlord, password chosen from the mailed link)
 * sets it up on their account page, reading the secret from the page as a person types it into their app, confirms
 * a code, and sees their ten recovery codes once. Signed out, they sign in with the password; the page then asks for
 * the code, and with it they are in.
 */
test.describe.configure({ timeout: 120_000 });

const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

test('a staff user enrols an authenticator app and signs in with password then code', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const stamp = Date.now();
  const username = `twofactor-${stamp}`;
  const email = `${username}@olympiad.example.org`;
  const password = 'two-factor-journey-2026';
  const created = await request.post('/user/v-rest/', {
    headers: auth(await tokenOf(request, 'overlord')),
    data: { username, email, firstName: 'Thandeka', lastName: 'Dlamini', role: 'admin' },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(await mailedLink(page, email));
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  await page.getByRole('button', { name: 'Save password and continue' }).click();
  await expect(page).toHaveURL(pathIs('/welcome'));

  await page.goto('/my-account');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(card.getByRole('img', { name: /QR code to add Olympus/ })).toBeVisible();
  const secret = (await card.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await lookAtBothWidths(page, testInfo, 'two-factor setup');

  const codeField = card.getByRole('textbox', { name: 'Six-digit code' });
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await codeField.fill(codeOf(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const codes = card.getByTestId('recovery-codes');
  await expect(codes).toBeVisible();
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  expect(await codes.getByRole('listitem').first().innerText()).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
  await expect(card.getByRole('button', { name: 'Download the codes' })).toBeVisible();
  await lookAtBothWidths(page, testInfo, 'two-factor recovery codes');
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText('10 unused recovery codes left.')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('user'))).toBeNull();

  // The password alone is not enough: the page asks for the code, keeping what was typed.
  await page.goto('/login');
  await fillSignIn(page, username, password);
  const form = signInForm(page);
  const signinCode = form.getByRole('textbox', { name: 'Code from your authenticator app' });
  await expect(signinCode).toBeVisible();
  await expect(signinCode).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(signinCode).toHaveAttribute('inputmode', 'numeric');
  await expect(page).toHaveURL(pathIs('/login'));
  await lookAtBothWidths(page, testInfo, 'sign-in asks for the code');

  // The step after the one the enrolment used: a code is never taken twice.
  await signinCode.fill(codeOf(secret, 1));
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(pathIs('/welcome'));

  // A lost phone: the overlord resets it from the users page, asked first; the password alone signs in again.
  const overlordContext = await browser.newContext();
  const overlord = await overlordContext.newPage();
  await signIn(overlord, account('overlord'), { at: '/overlord/edit/users' });
  await overlord.getByRole('searchbox', { name: 'Search by username, name, email or olympiad' }).fill(username);
  await overlord.getByRole('button', { name: `Actions for ${username}` }).click();
  await overlord.getByRole('menuitem', { name: 'Reset two-factor sign-in' }).click();
  const confirm = overlord.getByRole('dialog', { name: 'Reset two-factor sign-in?' });
  await expect(confirm).toContainText(username);
  await confirm.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await expect(confirm).toBeHidden();
  await expect(overlord.getByText(`Two-factor sign-in of ${username} is reset`)).toBeVisible();
  const again = await request.post('/api/auth/signin', { data: { username, password, loginType: 'staff' } });
  expect(again.status(), await again.text()).toBe(200);
  await overlordContext.close();
});
