import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { signIn } from './support/session.js';

/**
 * Copy as data: every public page reads its copy, an admin publishes the project's About page and a
 * visitor reads it. (New terms put to a teacher: terms.spec.ts, which runs after every other journey.)
 */

const publicPages = [
  {
    path: '/olympus/home',
    heading: 'Online olympiads for South African schools',
    text: 'Olympus runs subject olympiads',
  },
  { path: '/olympus/about', heading: 'About Olympus', text: 'A platform for school olympiads' },
  { path: '/olympus/our-partners', heading: 'Our partners', text: 'Society of South African Geographers' },
  { path: '/olympus/our-users', heading: 'Our users', text: 'Vryheid Comprehensive School' },
  { path: '/olympus/contact', heading: 'Contact', text: 'hello@olympus.example.org' },
  { path: '/geography/home', heading: 'Geography Olympiad', text: 'Schools enter for free' },
  { path: '/geography/about', heading: 'About', text: 'Who runs it' },
  { path: '/geography/participation-and-rules', heading: 'Participation and rules', text: 'The rules of writing' },
  { path: '/geography/contact', heading: 'Contact', text: 'entries@geo-olympiad.example.org' },
  { path: '/geography/faq', heading: 'Questions and answers', text: 'Who may take part?' },
];

// One test a page and width: on a slow machine the twenty page reads, each with axe and a full-page screenshot, took
// longer together than one test's time.
for (const width of [1280, 360]) {
  for (const { path, heading, text } of publicPages) {
    test(`a visitor reads ${path} at ${width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(text).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, testInfo);
      await page.screenshot({
        path: `test-results/site-copy-${path.slice(1).replaceAll('/', '-')}-${width}.png`,
        fullPage: true,
      });
    });
  }
}

test('an admin publishes the project’s About page and a visitor reads it', async ({ browser }, testInfo) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(
    admin,
    { username: 'admin', name: 'Annelie Botha', home: '/geo-demo/admin/reports/overview' },
    { at: '/geo-demo/admin/edit/website-copy' },
  );
  await admin.getByRole('tab', { name: 'About' }).click();
  const editor = admin.getByRole('textbox', { name: 'About', exact: true });
  await expect(editor).toContainText('Who runs it');
  const sentence = `Since ${Date.now()} our learners read maps of their own towns.`;
  await editor.click();
  await editor.press('ControlOrMeta+End');
  await editor.pressSequentially(` ${sentence}`);
  const preview = admin.getByRole('region', { name: 'Preview: as a visitor sees it' });
  await expect(preview).toContainText(sentence);
  await expect(admin.getByText('Not published yet')).toBeVisible();
  await expectNoSeriousA11yViolations(admin, testInfo);
  await admin.screenshot({ path: 'test-results/site-copy-editor-1280.png', fullPage: true });
  await admin.getByRole('button', { name: 'Publish about' }).click();
  await expect(admin.getByText('The page is published')).toBeVisible();
  await expect(admin.getByText('Not published yet')).toBeHidden();
  await admin.setViewportSize({ width: 360, height: 900 });
  await admin.screenshot({ path: 'test-results/site-copy-editor-360.png', fullPage: true });

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/geography/about');
  await expect(visitor.getByText(sentence)).toBeVisible();
  await expect(visitor.getByText('Who runs it')).toBeVisible();
});
