import { expect, test } from './support/test.js';
import sharp from 'sharp';
import { look } from './support/look.js';
import { ok, olympiadWithLearner } from './support/olympiad.js';
import { auth, tokenOf } from './support/session.js';

/**
 * A question image on a phone (decisions 067 and 088): an admin's 1600 × 1000 PNG is offered as WebP copies in a few
 * widths; the learner's question page at 360 px shows the question image and the one in the prompt from a WebP copy
 * no wider than the phone copy (800 px) yet at least as wide as it is drawn, across the column; at 1280 px the same
 * page draws a WebP copy at least as wide as the laptop's column shows it.
 */
test('a question with an image shows on the learner’s page at 360 px, from a WebP copy of its width', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { varName, olympiadId, learner, open } = await olympiadWithLearner(request, { prefix: 'img', open: false });
  const overlord = auth(await tokenOf(request, 'overlord'));
  const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#2b7a4b' } })
    .composite([
      { input: { create: { width: 800, height: 500, channels: 3, background: '#e8c547' } }, left: 0, top: 0 },
    ])
    .png()
    .toBuffer();
  const { url } = await ok<{ url: string }>(
    request.post(`/question/image?olympiadId=${olympiadId}`, {
      headers: overlord,
      multipart: { file: { name: 'map.png', mimeType: 'image/png', buffer: png } },
    }),
  );
  const { module } = await ok<{ module: { id: number } }>(
    request.post('/question-module/v-rest/', { headers: overlord, data: { olympiadId, title: 'Maps' } }),
  );
  const { question } = await ok<{ question: { id: number } }>(
    request.post('/question/v-rest/', {
      headers: overlord,
      data: {
        questionModuleId: module.id,
        type: 'true_false',
        prompt: `<p>The yellow block is top left.</p><p><img src="${url}" alt="The same map in the text"></p>`,
        imageUrl: url,
        imageAlt: 'A green map with a yellow block',
        answerKey: { type: 'true_false', correct: true },
      },
    }),
  );
  // An olympiad opens only on a clean check: the admin, who did not write the question, verifies it.
  await ok(request.post(`/question/v-rest/${question.id}/verify`, { headers: auth(await tokenOf(request, 'admin')) }));
  await open();

  const signin = await ok<{ accessToken: { token: string } }>(
    request.post('/api/auth/signin', {
      data: { username: learner.username, password: learner.password, olympiadName: varName, loginType: 'learner' },
    }),
  );
  const h = auth(signin.accessToken.token);
  const base = `/api/sitting/${varName}`;
  await ok(request.post(`${base}/declaration`, { headers: h, data: { accept: true } }));
  const { pin } = await ok<{ pin: string }>(request.post(`${base}/recovery-pin`, { headers: h }));
  await ok(request.post(`${base}/recovery-pin/confirm`, { headers: h, data: { pin } }));
  await ok(
    request.put(`${base}/learner-details`, { headers: h, data: { firstName: 'Map', lastName: 'Reader', grade: 9 } }),
  );

  for (const { width, height, widest } of [
    { width: 360, height: 780, widest: 800 },
    { width: 1280, height: 800, widest: 1600 },
  ]) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(`/${varName}/login`);
    await page.evaluate((u) => localStorage.setItem('user', JSON.stringify(u)), signin);
    // The second section (the first is the olympiad's own question), its first question.
    await page.goto(`/${varName}/olympiad/1/0`);
    const shown = page.getByRole('img', { name: 'A green map with a yellow block' });
    const inText = page.getByRole('img', { name: 'The same map in the text' });
    for (const img of [shown, inText]) {
      await expect(img).toBeVisible();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
        .toBeGreaterThan(0);
      const current = new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc));
      expect(current.pathname).toBe(url);
      expect(current.searchParams.get('f')).toBe('webp');
      const natural = await img.evaluate((el: HTMLImageElement) => el.naturalWidth);
      const box = (await img.boundingBox())!;
      // Sharp where it is drawn (one device pixel a CSS pixel here), and never more than the screen can use.
      expect(natural).toBeGreaterThanOrEqual(Math.floor(box.width));
      expect(natural).toBeLessThanOrEqual(widest);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    if (width === 360) expect((await shown.boundingBox())!.width).toBeGreaterThan(250);
    await look(page, testInfo, 'question with an image');
    await context.close();
  }

  // The olympiad's helper grants the demo admin this olympiad too; later journeys expect that admin to land on
  // geo-demo, so the grant goes again.
  const staff = await ok<{ items: Array<{ id: number; username: string }> }>(
    request.get('/olympiad-grant/v-rest/staff-search?search=admin', { headers: overlord }),
  );
  const adminId = staff.items.find((u) => u.username === 'admin')!.id;
  await ok(
    request.delete(`/olympiad-grant/v-rest/?olympiadId=${olympiadId}&userId=${adminId}&role=admin`, {
      headers: overlord,
    }),
  );
});
