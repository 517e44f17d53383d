import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { demoPassword, fillSignIn } from './support/session.js';

/**
 * Results and awards through the UI, on the closed demo olympiad geo-2025: the admin splits the
 * top 40 % into gold, silver and bronze in a ratio 1:2:3, sees the distribution follow, saves the rule, publishes
 * (the confirmation says who will see what), and finds the ranked learners, the top schools and the downloads.
 * The teacher's download of their own school's results is checked by the API tests (server/features/results).
 */
const page = '/geo-2025/admin/results/awards';

test('the admin sets an award rule, sees its distribution and publishes the results', async ({ browser }, testInfo) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const p = await context.newPage();
  await p.goto('/login');
  await fillSignIn(p, 'admin', demoPassword);
  // The admin lands in one of their olympiads (which one depends on the demo data): any admin page will do.
  await expect(p).toHaveURL(/\/admin\//);
  await p.goto(page);
  await expect(p.getByRole('heading', { level: 1, name: 'Results and awards' })).toBeVisible();
  const awards = p.getByRole('table', { name: 'Awards: learners and lowest score' });
  await expect(awards).toBeVisible({ timeout: 30_000 });

  // The rule: split the top 40 % 1:2:3, participation renamed; the chart and table follow before saving.
  await p.getByRole('textbox', { name: 'Split the top' }).fill('40');
  await p.getByRole('textbox', { name: 'in the ratio' }).fill('1:2:3');
  await p.getByRole('button', { name: 'Split', exact: true }).click();
  await expect(p.getByRole('textbox', { name: 'Share' }).first()).toHaveValue('6.67 %');
  await expect(p.getByRole('textbox', { name: 'Share' }).nth(1)).toHaveValue('13.33 %');
  await p.getByRole('textbox', { name: 'Everyone else gets' }).fill('Deelname');
  await expect(awards.getByRole('row', { name: /^Deelname/ })).toBeVisible();
  const goldCount = Number(
    (await awards.getByRole('row', { name: /^Gold/ }).getByRole('cell').nth(1).innerText()).trim(),
  );
  expect(goldCount).toBeGreaterThanOrEqual(3);
  await expect(p.getByText('Not saved yet: the chart shows this rule.')).toBeVisible();
  await expect(p.getByRole('button', { name: /^Publish/ })).toBeDisabled();
  await expectNoSeriousA11yViolations(p, testInfo);

  // A share over 100 % is refused in place.
  await p.getByRole('textbox', { name: 'Share' }).first().fill('90');
  await p.getByRole('button', { name: 'Save the rule' }).click();
  await expect(p.getByRole('alert').filter({ hasText: /over 100 %/ })).toBeVisible();
  await p.getByRole('textbox', { name: 'Share' }).first().fill('6.67');

  await p.getByRole('button', { name: 'Save the rule' }).click();
  await expect(p.getByText('The award rule is saved').first()).toBeVisible();
  await expect(p.getByText('Not saved yet: the chart shows this rule.')).toBeHidden();

  // Publish, with what it means.
  await p.getByRole('button', { name: /^Publish (the results|again)$/ }).click();
  const dialog = p.getByRole('dialog');
  await expect(dialog).toContainText('each school’s teacher sees and downloads their own school’s results');
  await expect(dialog).toContainText('each learner sees their own score, award and rank');
  await dialog.getByRole('button', { name: /^Publish/ }).click();
  await expect(p.getByText(/The results of \d+ learners are published/).first()).toBeVisible();
  await expect(p.getByText('Published', { exact: true })).toBeVisible();

  // The ranked list, filtered by award; the top schools as published.
  const ranked = p.getByRole('table', { name: 'Ranked learners' });
  await expect(ranked.getByRole('row')).not.toHaveCount(1);
  await expect(ranked.getByRole('row').nth(1)).toContainText('Gold');
  await p.getByRole('combobox', { name: 'Award', exact: true }).click();
  await p.getByRole('option', { name: 'Deelname' }).click();
  await expect(ranked.getByRole('row').nth(1)).toContainText('Deelname');
  await expect(ranked).not.toContainText('Gold');
  await expect(p.getByText('As published', { exact: true })).toBeVisible();
  await expect(p.getByRole('table', { name: 'Top schools' })).toContainText('Hoërskool Waterkloof');

  // The downloads.
  const [csv] = await Promise.all([
    p.waitForEvent('download'),
    p.getByRole('button', { name: 'Download csv' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('results-geo-2025.csv');
  const [xlsx] = await Promise.all([
    p.waitForEvent('download'),
    p.getByRole('button', { name: 'Download xlsx' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toBe('results-geo-2025.xlsx');
  await expectNoSeriousA11yViolations(p, testInfo);
  await p.screenshot({ path: testInfo.outputPath('results-1280.png'), fullPage: true });

  // On a phone.
  await p.setViewportSize({ width: 360, height: 800 });
  await expect(p.getByRole('heading', { level: 1, name: 'Results and awards' })).toBeVisible();
  await expectNoSeriousA11yViolations(p, testInfo);
  await p.screenshot({ path: testInfo.outputPath('results-360.png'), fullPage: true });
  await context.close();
});
