import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Every demo account's password (server/seed/demo.ts). */
export const demoPassword = 'olympus-demo';

export interface Account {
  username: string;
  /** The name the app shows for the signed-in user. */
  name: string;
  /** Where the account lands after signing in (contract/navigation.ts). */
  home: string;
  /** Learners sign in to an olympiad. */
  olympiad?: string;
}

export const demoAccounts: readonly Account[] = [
  { username: 'overlord', name: 'Olwethu Dlamini', home: '/overlord/overview' },
  { username: 'admin', name: 'Annelie Botha', home: '/geo-demo/admin/reports/overview' },
  { username: 'accountant', name: 'Sipho Nkosi', home: '/geo-demo/finance/payments' },
  { username: 'funding', name: 'Fatima Patel', home: '/geo-demo/funding/payments' },
  { username: 'teacher', name: 'Thandi Mokoena', home: '/portal' },
  { username: 'teacher2', name: 'Pieter van der Merwe', home: '/portal' },
  { username: 'learner1', name: 'Lerato Khumalo', home: '/geo-demo/olympiad/instructions', olympiad: 'geo-demo' },
  { username: 'learner2', name: 'Jaco Pretorius', home: '/geo-demo/olympiad/instructions', olympiad: 'geo-demo' },
];

/**
 * Where an account lands. A learner resumes at the step they are really at (another journey may have
 * taken learner1 on into the paper), so any page of their olympiad's flow counts as their area.
 */
export function landing(account: { home: string; olympiad?: string }): RegExp {
  if (account.olympiad) return new RegExp(`^[^?#]*//[^/]+/${account.olympiad}/olympiad/[^?#]+$`);
  // An admin lands on one of their olympiads: which one depends on the olympiads other journeys running beside
  // this one have given them (e2e/support/olympiad.ts grants the demo admin its own olympiads).
  const admin = /^\/[^/]+(\/admin\/.*)$/.exec(account.home);
  if (admin)
    return new RegExp(`^[^?#]*//[^/]+/[^/?#]+${admin[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?(?:[?#].*)?$`);
  return pathIs(account.home);
}

export function pathIs(path: string): RegExp {
  return new RegExp(`^[^?#]*//[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?(?:[?#].*)?$`);
}

/** The sign-in form's fields, by their accessible names (a required field's label also shows a "*"). */
export const signInForm = (page: Page) => page.getByRole('form', { name: 'Sign in' });
export const usernameField = (page: Page) => signInForm(page).getByRole('textbox', { name: 'Username', exact: true });
export const passwordField = (page: Page) => signInForm(page).getByRole('textbox', { name: 'Password', exact: true });

/** Fills the /login form the way a person does and presses "Sign in". */
export async function fillSignIn(page: Page, username: string, password: string, olympiad?: string) {
  const form = signInForm(page);
  await usernameField(page).fill(username);
  await passwordField(page).fill(password);
  if (olympiad) {
    const learner = form.getByRole('switch', { name: 'I am a learner' });
    await learner.check({ force: true });
    await expect(learner).toBeChecked();
    const field = form.getByLabel('Olympiad');
    await field.fill(olympiad);
    await field.press('Escape');
  }
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs the account in at /login, the way a person does, and waits until it has landed on its home. */
export async function signInAtLogin(page: Page, account: Account) {
  await page.goto('/login');
  await fillSignIn(page, account.username, demoPassword, account.olympiad);
  await expect(page).toHaveURL(landing(account));
}

/**
 * Signs the account in for a journey that is about something else, then opens `at` (or the account's home, and waits
 * until it has landed there).
 *
 * Staff and teachers sign in through the API and the page is given the answer the way the sign-in page stores it
 * (localStorage `user`, web/src/lib/session/storage.ts), on a same-origin document that loads no app: two page loads
 * fewer than the form (the sign-in page, then the home before the page the journey wants). The form itself is the
 * subject of foundation.spec.ts, which uses `signInAtLogin`. Learners still sign in at the form: their sign-in may
 * pass the queue (the waiting room), which only the page goes through.
 */
export async function signIn(page: Page, account: Account, options: { at?: string } = {}) {
  if (account.olympiad) {
    await signInAtLogin(page, account);
    if (options.at) await page.goto(options.at);
    return;
  }
  const user = await sessionOf(page.request, account.username);
  await page.goto('/api/health');
  await page.evaluate((stored) => localStorage.setItem('user', stored), JSON.stringify(user));
  await page.goto(options.at ?? account.home);
  if (!options.at) await expect(page).toHaveURL(landing(account));
}

/** A demo account by its username (fails the test at once when the demo data has no such account). */
export function account(username: string): Account {
  const found = demoAccounts.find((a) => a.username === username);
  if (!found) throw new Error(`${username} is missing from the demo accounts`);
  return found;
}

/** The sign-in answer: the whole session user, as the web app stores it. */
export interface SignedIn {
  id: number;
  olympiadId: number;
  accessToken: { token: string };
  grants: { olympiadId: number; olympiadName: string }[];
}

/** Signs a demo account in through the API (a learner when `olympiadName` is given). */
export async function sessionOf(
  request: APIRequestContext,
  username: string,
  olympiadName: string | null = null,
): Promise<SignedIn> {
  const response = await request.post('/api/auth/signin', {
    data: { username, password: demoPassword, olympiadName, loginType: olympiadName ? 'learner' : 'staff' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as SignedIn;
}

/** A staff demo account's bearer token. */
export const tokenOf = async (request: APIRequestContext, username: string): Promise<string> =>
  (await sessionOf(request, username)).accessToken.token;

/** The header that carries a token. */
export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
