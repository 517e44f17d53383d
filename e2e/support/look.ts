import type { Page, TestInfo } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.js';

const truthy = (v: string | undefined) => v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
/**
 * The screenshots are for a person to look at. CI keeps none of them once it ends, and a full-page screenshot costs
 * Chromium about 0.8 CPU-s (measured on this machine's home page), so with CI=true they are taken only when
 * E2E_SCREENSHOTS asks; axe runs either way.
 */
const screenshots = !truthy(process.env.CI) || truthy(process.env.E2E_SCREENSHOTS);

/**
 * Looks at a page as its user would: axe first (unless `axe: false`), then a full-page screenshot at the
 * viewport's width, attached to the report as "<width>px <name>" and kept in the test's output folder.
 */
export async function look(page: Page, testInfo: TestInfo, name: string, { axe = true } = {}) {
  if (axe) await expectNoSeriousA11yViolations(page, testInfo);
  if (!screenshots) return;
  const width = page.viewportSize()?.width ?? 0;
  const body = await page.screenshot({ fullPage: true, path: testInfo.outputPath(`${width}px ${name}.png`) });
  await testInfo.attach(`${width}px ${name}`, { body, contentType: 'image/png' });
}

/** `look` at 1280 px and at 360 px, then back to 1280 px. */
export async function lookAtBothWidths(page: Page, testInfo: TestInfo, name: string) {
  await expectNoSeriousA11yViolations(page, testInfo);
  if (!screenshots) return;
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 800 });
    await look(page, testInfo, name, { axe: false });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
