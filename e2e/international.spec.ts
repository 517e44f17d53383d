import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { lookAtBothWidths } from './support/look.js';
import { mailedLink } from './support/mail.js';
import { demoPassword, fillSignIn, pathIs } from './support/session.js';

/**
 * The international olympiad (decision 039), through the UI alone: the overlord adds a country to the
 * shared list and the admin of igeo-demo enters it with its team admin; the team admin opens the mailed link, chooses a password and
 * registers a team member on the Team page; the portal speaks of the team, not a school, and the team admin issues
 * the team's invoice; that learner signs in, sees the window in their country's time zone, and writes. axe on every
 * page; each page is kept as a screenshot at 1280 px and 360 px.
 */

const teamAdminEmail = 'camille.martin@team-fr.example.org';
const teamAdminPassword = 'Équipe-de-France 2026 %"';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** A country olympiad's people read "team" and "country", never "school" (contract/units.ts). */
async function expectNoSchool(page: Page) {
  await expect(page.getByRole('main')).not.toContainText(/school/i);
}

test('the admin enters a country, its team admin registers a team member, who writes in their own time zone', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);

  // 1. The overlord adds France to the shared country list (decision 069); the admin of igeo-demo, who may not
  // change that list, sees it there and enters France with its team admin.
  const overlord = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await overlord.goto('/login');
  await fillSignIn(overlord, 'overlord', demoPassword);
  await expect(overlord).not.toHaveURL(/\/login/);
  await overlord.goto('/overlord/countries');
  await expect(overlord.getByRole('cell', { name: 'Germany', exact: true })).toBeVisible();
  await overlord.getByRole('button', { name: 'Add a country' }).click();
  const add = overlord.getByRole('dialog', { name: 'Add a country' });
  await add.getByRole('textbox', { name: 'Name' }).fill('France');
  await add.getByRole('textbox', { name: 'ISO 3166 code' }).fill('f1');
  await add.getByRole('textbox', { name: 'ISO 3166 code' }).blur();
  await expect(add.getByText('Use the two-letter ISO 3166 code, e.g. DE')).toBeVisible();
  await add.getByRole('textbox', { name: 'ISO 3166 code' }).fill('fr');
  await add.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Par');
  await overlord.getByRole('option', { name: 'Europe/Paris' }).click();
  await add.getByRole('button', { name: 'Add country' }).click();
  await expect(add).toBeHidden();
  await expect(overlord.getByRole('cell', { name: 'France', exact: true })).toBeVisible();
  await expect(overlord.getByRole('cell', { name: 'FR', exact: true })).toBeVisible();
  await lookAtBothWidths(overlord, testInfo, 'countries');
  await overlord.context().close();

  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await admin.goto('/login');
  await fillSignIn(admin, 'igeoadmin', demoPassword);
  await expect(admin).not.toHaveURL(/\/login/);
  await admin.goto('/igeo-demo/admin/edit/countries');
  await expect(admin.getByRole('cell', { name: 'France', exact: true })).toBeVisible();
  await expect(admin.getByText('The overlord keeps this list')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Add a country' })).toHaveCount(0);
  await expect(admin.getByRole('button', { name: /^(Edit|Remove) France/ })).toHaveCount(0);

  await admin.goto('/igeo-demo/admin/edit/participating-countries');
  await expect(admin.getByRole('cell', { name: 'Germany DE' })).toBeVisible();
  await admin.getByRole('button', { name: 'Enter a country' }).click();
  const enter = admin.getByRole('dialog', { name: 'Enter a country' });
  await enter.getByRole('combobox', { name: 'Country' }).fill('Fra');
  await admin.getByRole('option', { name: 'France (FR)' }).click();
  await enter.getByRole('textbox', { name: 'First name' }).fill('Camille');
  await enter.getByRole('textbox', { name: 'Surname' }).fill('Martin');
  await enter.getByRole('textbox', { name: 'Email' }).fill(teamAdminEmail);
  await enter.getByRole('button', { name: 'Enter country' }).click();
  await expect(admin.getByText(/France is entered in .*a link to choose a password is on its way/)).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: 'France' });
  await expect(row).toContainText('Camille Martin');
  await expect(row).toContainText('0 of 4');
  await lookAtBothWidths(admin, testInfo, 'participating-countries');
  await admin.goto('/igeo-demo/admin/edit/team-admins');
  await expect(admin.getByRole('row').filter({ hasText: teamAdminEmail })).toContainText('Team France');
  await lookAtBothWidths(admin, testInfo, 'team-admins');

  // 2. The team admin opens the mailed link, chooses a password, and registers a team member.
  const teamAdmin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await teamAdmin.goto(await mailedLink(teamAdmin, teamAdminEmail));
  await teamAdmin.getByLabel(/^New password/).fill(teamAdminPassword);
  await teamAdmin.getByLabel(/^Confirm password/).fill(teamAdminPassword);
  await teamAdmin.getByRole('button', { name: 'Save password and continue' }).click();
  await expect(teamAdmin).toHaveURL(pathIs('/portal'));
  await teamAdmin.goto('/portal/igeo-demo/team');
  // A country olympiad's portal offers Team, not the school pages.
  const portalNav = teamAdmin.getByRole('navigation').filter({ has: teamAdmin.getByRole('link', { name: 'Team' }) });
  await expect(portalNav.getByRole('link', { name: 'Load learners' })).toHaveCount(0);
  await expect(heading(teamAdmin)).toHaveText('Team France');
  await expect(teamAdmin.getByText('0 of 4 learners')).toBeVisible();
  await teamAdmin.getByRole('button', { name: 'Add a team member' }).click();
  const member = teamAdmin.getByRole('dialog', { name: 'Add a team member' });
  await member.getByRole('textbox', { name: 'First name' }).fill('Léa');
  await member.getByRole('textbox', { name: 'Surname' }).fill('Dubois');
  await member.getByRole('combobox', { name: 'Grade' }).selectOption('11');
  await member.getByRole('button', { name: 'Add learner' }).click();
  // Both missing answers are said at once: the date of birth and the confirmation of consent.
  await expect(member.getByText('Enter the date of birth')).toBeVisible();
  await expect(member.getByText('Confirm that the school holds this consent before adding the learner')).toBeVisible();
  await member.getByLabel('Date of birth').fill('2009-05-14');
  await member.getByRole('checkbox', { name: /holds the consent of this learner’s parent or guardian/ }).check();
  await member.getByRole('button', { name: 'Add learner' }).click();
  const created = member.getByRole('status').filter({ hasText: 'Learner added' });
  await expect(created).toBeVisible();
  const [username, password] = await created.locator('b').allTextContents();
  expect(username).toBeTruthy();
  expect(password).toBeTruthy();
  await member.getByRole('button', { name: 'Done' }).click();
  await expect(teamAdmin.getByText('Team members (1 of 4)')).toBeVisible();
  await expect(teamAdmin.getByRole('cell', { name: '2009-05-14' })).toBeVisible();
  await teamAdmin.getByRole('button', { name: 'Add a leader' }).click();
  await teamAdmin.getByRole('textbox', { name: /Leader 1: name/ }).fill('Hugo Bernard');
  await teamAdmin.getByRole('button', { name: 'Save leaders' }).click();
  await expect(teamAdmin.getByText('The team’s leaders are saved')).toBeVisible();
  await teamAdmin.reload();
  await expect(teamAdmin.getByRole('textbox', { name: /Leader 1: name/ })).toHaveValue('Hugo Bernard');
  await expect(teamAdmin.getByRole('heading', { name: 'Load from a spreadsheet' })).toBeVisible();
  await expect(teamAdmin.getByText(/Date of birth \(YYYY-MM-DD\)/)).toBeVisible();
  await expectNoSchool(teamAdmin);
  await lookAtBothWidths(teamAdmin, testInfo, 'team');

  // The portal speaks of the team: its olympiads (none to enter as a school), the olympiad's page, the invoice.
  await teamAdmin.goto('/portal');
  await expect(teamAdmin.getByRole('heading', { name: 'Your team’s olympiads' })).toBeVisible();
  await expect(teamAdmin.getByRole('heading', { name: 'Olympiads you can enter' })).toHaveCount(0);
  await expect(teamAdmin.getByText('1 team member', { exact: true })).toBeVisible();
  // The frame is named for whose portal it is, on every portal page.
  await expect(teamAdmin.getByText('Team admin portal', { exact: true }).first()).toBeVisible();
  await expect(teamAdmin.getByText('Teacher portal', { exact: true })).toHaveCount(0);
  await expectNoSchool(teamAdmin);
  await lookAtBothWidths(teamAdmin, testInfo, 'portal-home');
  await teamAdmin.goto('/portal/igeo-demo');
  await expect(teamAdmin.getByText('Team registered')).toBeVisible();
  await expect(teamAdmin.getByText(/Register your team on the Team page/)).toBeVisible();
  await expectNoSchool(teamAdmin);
  await lookAtBothWidths(teamAdmin, testInfo, 'portal-olympiad');
  await teamAdmin.goto('/portal/igeo-demo/invoices');
  await expect(teamAdmin.getByText(/What your team pays for this olympiad/)).toBeVisible();
  await expect(teamAdmin.getByRole('table', { name: 'What the team pays' })).toContainText(/1 team member × R\s?250/);
  await teamAdmin.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(teamAdmin.getByText(/Invoice IGEO-\d{4}-\d{5} is issued/).first()).toBeVisible();
  await expect(teamAdmin.getByText(/so that the payment reaches your team/)).toBeVisible();
  await expect(teamAdmin.getByRole('table', { name: 'Invoices and credit notes' })).toContainText(/IGEO-\d{4}-\d{5}/);
  await expectNoSchool(teamAdmin);
  await lookAtBothWidths(teamAdmin, testInfo, 'invoices');

  // 3. The team member signs in to igeo-demo, sees the window in Paris time, and writes.
  const learner = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
  await learner.goto('/igeo-demo/login');
  await fillSignIn(learner, username!, password!);
  await expect(learner).toHaveURL(pathIs('/igeo-demo/olympiad/instructions'));
  await expect(heading(learner)).toHaveText('Hello, Léa');
  await expect(learner.getByText(/open from .* CET until .* CET/)).toBeVisible();
  await lookAtBothWidths(learner, testInfo, 'learner-instructions');
  await learner.getByRole('link', { name: 'Continue' }).click();
  await learner.getByRole('checkbox', { name: /I have read the declaration/ }).check();
  await learner.getByRole('button', { name: 'I accept' }).click();
  await learner.getByRole('button', { name: 'Show my PIN' }).click();
  await learner.getByRole('checkbox', { name: 'I have written it down' }).check();
  await learner.getByRole('button', { name: 'Continue' }).click();
  await expect(learner).toHaveURL(pathIs('/igeo-demo/olympiad/learner-details'));
  await expect(learner.getByText(/The olympiad closes at .* CET/)).toBeVisible();
  await expect(learner.getByText('Team: Team France')).toBeVisible();
  await expectNoSchool(learner);
  await lookAtBothWidths(learner, testInfo, 'learner-details');
  await learner.getByRole('button', { name: /These are correct/ }).click();
  await learner.getByRole('link', { name: /Start this section/ }).click();
  for (let n = 1; n <= 3; n++) {
    await expect(heading(learner)).toContainText(`Question ${n}`);
    const group = learner
      .getByRole('group')
      .filter({ has: learner.locator('legend') })
      .first();
    await group.getByRole('radio').first().check();
    await expect(learner.getByRole('status').filter({ hasText: 'All answers saved' })).toBeVisible();
    if (n === 1) await lookAtBothWidths(learner, testInfo, 'learner-question');
    await learner.getByRole('navigation', { name: 'Question navigation' }).getByRole('link').last().click();
  }
  await expect(heading(learner)).toHaveText('Check before you hand in');
  await learner.getByRole('button', { name: 'Hand in my answers' }).click();
  await learner
    .getByRole('dialog', { name: 'Hand in your answers?' })
    .getByRole('button', { name: 'Yes, hand in' })
    .click();
  await expect(learner).toHaveURL(pathIs('/igeo-demo/olympiad/finished'));
  await expect(heading(learner)).toHaveText('Your answers are in');
  await lookAtBothWidths(learner, testInfo, 'learner-finished');

  // The team admin sees the member's status with the team's entry.
  await teamAdmin.goto('/portal/igeo-demo/team');
  await expect(teamAdmin.getByText('Team registered')).toBeVisible();
});
