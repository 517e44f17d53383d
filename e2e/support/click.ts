import { expect, type Locator } from '@playwright/test';

/**
 * Clicks `opener` until `shown` (a list's option, a menu's item) is visible, as a person clicks again when a click
 * opened nothing: before a server-drawn page's script has taken over, or just as the rows under a menu are drawn
 * again. Clicks only while `shown` is hidden, so a second click never closes what the first opened.
 */
export async function openUntilShown(opener: Locator, shown: Locator): Promise<void> {
  await expect(async () => {
    if (!(await shown.isVisible())) await opener.click();
    await expect(shown).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
