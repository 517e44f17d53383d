import { expect, type Page } from '@playwright/test';

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

export function pathIs(path: string): RegExp {
  return new RegExp(`^[^?#]*//[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?(?:[?#].*)?$`);
}

/** Fills the /login form the way a person does and presses "Sign in". */
export async function fillSignIn(page: Page, username: string, password: string, olympiad?: string) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username', { exact: true }).fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  if (olympiad) {
    const learner = form.getByRole('switch', { name: 'I am a learner' });
    await learner.check({ force: true });
    await expect(learner).toBeChecked();
    await form.getByLabel('Olympiad', { exact: true }).fill(olympiad);
    await form.getByLabel('Olympiad', { exact: true }).press('Escape');
  }
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs the account in at /login and waits until it has landed on its home. */
export async function signIn(page: Page, account: Account) {
  await page.goto('/login');
  await fillSignIn(page, account.username, demoPassword, account.olympiad);
  await expect(page).toHaveURL(pathIs(account.home));
}
