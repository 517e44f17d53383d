import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/test.js';
import { look } from './support/look.js';

/**
 * The public pages in English and Afrikaans (decision 092): the Afrikaans project's pages are Afrikaans by default
 * (`<html lang="af">`, Afrikaans headings and menu), the header's plain link switches a page to English and back,
 * links keep the chosen language, and axe finds nothing serious at 360 and 1280 px in either language.
 */

/** axe and a screenshot at 1280 and at 360 px. */
async function lookAtBoth(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 800 });
    await look(page, testInfo, name);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

test('the Afrikaans project’s pages are in Afrikaans, and switch to English and back', async ({ page }, testInfo) => {
  await page.goto('/afrikaans/home');
  expect(await lang(page)).toBe('af');
  const menu = page.getByRole('navigation', { name: 'Bladsye van Afrikaans Olimpiade' });
  await expect(menu.getByRole('link', { name: 'Tuis' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Olimpiades', level: 2 })).toBeVisible();
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) =>
      links.map(
        (l) =>
          `${l.getAttribute('hreflang')} ${new URL(l.getAttribute('href')!).pathname}${new URL(l.getAttribute('href')!).search}`,
      ),
    );
  expect(alternates).toEqual(['en /afrikaans/home?lang=en', 'af /afrikaans/home', 'x-default /afrikaans/home']);
  await lookAtBoth(page, testInfo, 'afrikaans home in Afrikaans');

  // Every page of the project is Afrikaans without ?lang.
  for (const [sub, heading] of [
    ['past-olympiads', 'Vorige olimpiades'],
    ['past-winners', 'Vorige wenners'],
    ['faq', 'Vrae en antwoorde'],
    ['expression-of-interest', 'Skryf jou skool in'],
    ['contact', 'Kontak'],
  ] as const) {
    await page.goto(`/afrikaans/${sub}`);
    expect(await lang(page), sub).toBe('af');
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Skryf aan die organiseerders' })).toBeVisible();
  await lookAtBoth(page, testInfo, 'afrikaans contact in Afrikaans');

  // The switcher: a plain link, named in its own language.
  const english = page.getByRole('link', { name: 'English', exact: true });
  await expect(english).toHaveAttribute('lang', 'en');
  await english.click();
  await expect(page).toHaveURL(/\/afrikaans\/contact\?lang=en$/);
  expect(await lang(page)).toBe('en');
  await expect(page.getByRole('heading', { name: 'Write to the organisers' })).toBeVisible();
  await lookAtBoth(page, testInfo, 'afrikaans contact in English');

  // Links keep the chosen language: the project's menu leads to its English pages.
  await page
    .getByRole('navigation', { name: 'Afrikaans Olimpiade pages' })
    .getByRole('link', { name: 'Past winners' })
    .click();
  await expect(page).toHaveURL(/\/afrikaans\/past-winners\?lang=en$/);
  await expect(page.getByRole('heading', { name: 'Past winners', level: 1 })).toBeVisible();
  expect(await lang(page)).toBe('en');

  // And back to Afrikaans: the address without ?lang.
  await page.getByRole('link', { name: 'Afrikaans', exact: true }).click();
  await expect(page).toHaveURL(/\/afrikaans\/past-winners$/);
  await expect(page.getByRole('heading', { name: 'Vorige wenners', level: 1 })).toBeVisible();
  expect(await lang(page)).toBe('af');
});

test('an English page offers its Afrikaans version; the platform’s pages are English by default', async ({
  page,
}, testInfo) => {
  await page.goto('/geography/home');
  expect(await lang(page)).toBe('en');
  await page.getByRole('link', { name: 'Afrikaans', exact: true }).click();
  await expect(page).toHaveURL(/\/geography\/home\?lang=af$/);
  expect(await lang(page)).toBe('af');
  await expect(page.getByRole('heading', { name: 'Olimpiades', level: 2 })).toBeVisible();
  await lookAtBoth(page, testInfo, 'geography home in Afrikaans');

  await page.goto('/?lang=af');
  expect(await lang(page)).toBe('af');
  await expect(page.getByRole('heading', { name: 'Hoe dit werk' })).toBeVisible();
  await lookAtBoth(page, testInfo, 'watch page in Afrikaans');

  await page.goto('/no/such/page?lang=af');
  await page.goto('/olympus/about');
  expect(await lang(page)).toBe('en');
  await expect(page.getByRole('heading', { name: 'About Olympus', level: 1 })).toBeVisible();
});
