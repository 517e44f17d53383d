import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support/test.js';
import { seriousA11yFindings } from './support/axe.js';
import { look } from './support/look.js';
import { auth, sessionOf, signIn, account, type SignedIn, tokenOf } from './support/session.js';
import { ok } from './support/olympiad.js';

/**
 * The seven interactions of decision 084, on geo-demo's map section, answered the three ways a learner has: with a
 * mouse at 1280 px, by touch on a phone (360 px, a touch screen, taps only) and by the keyboard alone (Tab, the arrow
 * keys, Enter and Space: no click). Each learner hands in, and the marks stored for each question are what its key
 * gives for the answer given, part marks included; axe looks at the paper with each interaction. Then an admin
 * draws a hotspot question's areas on a picture in the editor and tries it in the preview, the learner's own control.
 *
 * Each learner is made for its test (by the demo teacher, through the API), so the demo learners other journeys
 * write with stay as they were, and the tests can run beside each other and beside exam-day.spec.ts.
 */

const desktop = { width: 1280, height: 900 };
const phone = { width: 360, height: 780 };

/** The map's own size and, in its pixels, a point inside each country (scripts/demo-map.ts writes them). */
const map = JSON.parse(readFileSync('server/seed/demo-map.json', 'utf8')) as {
  width: number;
  height: number;
  inside: Record<string, [number, number]>;
};

type How = 'mouse' | 'touch' | 'keyboard';

interface Learner {
  id: number;
  session: SignedIn;
}

/** A learner of the demo teacher's school in geo-demo, brought through the steps before the paper by the API. */
async function learnerAtPaper(request: APIRequestContext, lastName: string): Promise<Learner> {
  const teacher = auth(await tokenOf(request, 'teacher'));
  const { olympiad } = await ok<{ olympiad: { id: number } }>(request.get('/website/api/olympiad/geo-demo'));
  // A name of its own each time: a retry, or a second run on the same database, adds another learner.
  lastName = `${lastName} ${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  const { learner } = await ok<{ learner: { id: number; username: string; password: string } }>(
    request.post('/learner/v-rest/', {
      headers: teacher,
      data: { olympiadId: olympiad.id, firstName: 'Map', lastName, grade: 10 },
    }),
  );
  const session = await ok<SignedIn>(
    request.post('/api/auth/signin', {
      data: { username: learner.username, password: learner.password, olympiadName: 'geo-demo', loginType: 'learner' },
    }),
  );
  const h = auth(session.accessToken.token);
  const base = '/api/sitting/geo-demo';
  await ok(request.post(`${base}/declaration`, { headers: h, data: { accept: true } }));
  const { pin } = await ok<{ pin: string }>(request.post(`${base}/recovery-pin`, { headers: h }));
  await ok(request.post(`${base}/recovery-pin/confirm`, { headers: h, data: { pin } }));
  await ok(request.put(`${base}/learner-details`, { headers: h, data: { firstName: 'Map', lastName, grade: 10 } }));
  return { id: learner.id, session };
}

/** Opens the map section's introduction as the signed-in learner (the sign-in page stores the session so). */
async function openMapSection(page: Page, learner: Learner) {
  await page.goto('/api/health');
  await page.evaluate((u) => localStorage.setItem('user', JSON.stringify(u)), learner.session);
  await page.goto('/geo-demo/olympiad/2/intro');
  await expect(heading(page)).toHaveText('Maps of South Africa');
}

interface Submitted {
  attempt: { status: string; score: number | null; maxScore: number | null } | null;
  answers: Array<{ questionId: number; type: string; marksAwarded: number | null; value: unknown }>;
}

/** What the admin's view of the learner's answers says each of the map section's questions earned. */
async function marksByType(request: APIRequestContext, learner: Learner) {
  const overlord = auth(await tokenOf(request, 'overlord'));
  const submitted = await ok<Submitted>(
    request.get(`/participant/get-submitted-data/${learner.id}`, { headers: overlord }),
  );
  const byType = Object.fromEntries(
    submitted.answers.filter((a) => mapTypes.includes(a.type)).map((a) => [a.type, a.marksAwarded]),
  );
  return { attempt: submitted.attempt, byType };
}

const mapTypes = ['hotspot', 'select_point', 'graphic_gap_match', 'gap_match', 'order', 'match', 'inline_choice'];

async function resetAttempt(request: APIRequestContext, learner: Learner) {
  const overlord = auth(await tokenOf(request, 'overlord'));
  await request.get(`/participant/reset/${learner.session.olympiadId}/${learner.id}`, { headers: overlord });
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const saveStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /saved|Saving|Offline|trying again|automatically/ });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Question navigation' });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Presses Tab (or Shift+Tab, when the target comes before the focus) until the target has the focus. */
async function tabTo(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  for (let i = 0; i < 80; i++) {
    const where = await target.evaluate((el) => {
      const active = document.activeElement;
      if (el === active) return 'here';
      if (!active || active === document.body) return 'forward';
      return el.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING ? 'back' : 'forward';
    });
    if (where === 'here') return;
    await page.keyboard.press(where === 'back' ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * Chooses in a native select with the keyboard: Tab to it, then either open its list (Alt+Down), move in the open
 * list with the arrow keys and take the choice with Enter, or walk the closed select with the arrow keys and press
 * Enter. A closed select shows each choice on the way at once: the match question takes only the one Enter chooses,
 * so passing over a capital another row has leaves it there.
 */
async function chooseByKeyboard(page: Page, select: Locator, label: string, list: 'open' | 'closed' = 'open') {
  await tabTo(page, select);
  const { from, to } = await select.evaluate((el, wanted) => {
    const s = el as HTMLSelectElement;
    return { from: s.selectedIndex, to: [...s.options].findIndex((o) => o.text === wanted) };
  }, label);
  expect(to, `${label} is among the choices`).toBeGreaterThanOrEqual(0);
  if (list === 'open') await page.keyboard.press('Alt+ArrowDown');
  for (let i = from; i < to; i++) await page.keyboard.press('ArrowDown');
  for (let i = from; i > to; i--) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
}

/** A press of a control the way this learner presses: a click, a tap, or Tab to it and Enter. */
async function press(page: Page, how: How, control: Locator) {
  if (how === 'mouse') await control.click();
  else if (how === 'touch') await control.tap();
  else {
    await tabTo(page, control);
    await page.keyboard.press('Enter');
  }
}

/** A click or a tap at a point of the question's picture, given in the picture's own pixels. */
async function atPicture(page: Page, how: 'mouse' | 'touch', picture: Locator, [x, y]: [number, number]) {
  await picture.scrollIntoViewIfNeeded();
  const box = (await picture.boundingBox())!;
  const at = { x: box.x + (x / map.width) * box.width, y: box.y + (y / map.height) * box.height };
  if (how === 'mouse') await page.mouse.click(at.x, at.y);
  else await page.touchscreen.tap(at.x, at.y);
}

/** Moves on from the question on screen once its answer is stored, and checks where it arrived. */
async function next(page: Page, how: How, arrives: RegExp | string) {
  await expect(saveStatus(page)).toHaveText('All answers saved', { timeout: 20_000 });
  await press(page, how, pager(page).getByRole('link', { name: /^(Next|Review and finish)/ }));
  await expect(heading(page)).toHaveText(arrives);
}

interface Answers {
  /** Countries chosen on the hotspot map. */
  hotspot: string[];
  /** The country clicked for "click on Lesotho". */
  point: string;
  /** City label → the place's name, as the places are named for a screen reader. */
  cities: Array<[string, string]>;
  /** Word → gap number. */
  words: Array<[string, number]>;
  /** The cities from west to east, as the learner orders them. */
  order: string[];
  /** Province → capital. */
  capitals: Array<[string, string]>;
  /** The ocean chosen for the Orange River. */
  ocean: string;
}

const rightOrder = ['Cape Town', 'Gqeberha', 'Bloemfontein', 'Johannesburg', 'Durban'];
const rightCapitals: Array<[string, string]> = [
  ['Western Cape', 'Cape Town'],
  ['KwaZulu-Natal', 'Pietermaritzburg'],
  ['Free State', 'Bloemfontein'],
  ['Limpopo', 'Polokwane'],
];
const places = {
  'Cape Town': 'on the coast in the south-west',
  Johannesburg: 'inland, in the north-east',
  Durban: 'on the east coast',
  Bloemfontein: 'inland, in the middle of the country',
  Gqeberha: 'on the south coast',
} as const;

/**
 * Writes the map section's seven questions with the given answers, the way `how` says, looking at each, then hands
 * the paper in; with `axe`, answers axe's serious findings on each interaction's page.
 */
async function writeMapSection(page: Page, testInfo: TestInfo, how: How, answers: Answers, { axe = false } = {}) {
  // axe's serious findings on each interaction's page, gathered so that one run names them all.
  const findings: string[] = [];
  const seen = async (name: string) => {
    if (axe) findings.push(...(await seriousA11yFindings(page, testInfo)).map((f) => `${name}: ${f.split('\n')[0]}`));
    if (axe || how === 'touch') await look(page, testInfo, `${how} ${name}`, { axe: false });
  };
  await press(page, how, page.getByRole('link', { name: /Start this section/ }));

  // 1. Hotspot: the countries without a coast.
  await expect(heading(page)).toHaveText(/^Question 13 of 19/);
  const countriesMap = page.getByRole('img', { name: /^A map of South Africa and its neighbours/ });
  for (const country of answers.hotspot) {
    const box = page.getByRole('checkbox', { name: new RegExp(`^Area \\d+: ${country}$`) });
    if (how === 'keyboard') {
      await tabTo(page, box);
      await page.keyboard.press('Space');
    } else await atPicture(page, how, countriesMap, map.inside[country.toLowerCase()]!);
    await expect(box).toBeChecked();
  }
  await seen('hotspot');
  await next(page, how, /^Question 14 of 19/);

  // 2. Select point: "click or tap on Lesotho".
  const blankMap = page.getByRole('img', { name: /^The same map of South Africa/ });
  const target = map.inside[answers.point.toLowerCase()]!;
  if (how === 'keyboard') {
    await tabTo(page, page.getByRole('application', { name: /^Picture/ }));
    // The cross starts in the middle; a press moves it a hundredth of the picture, with Shift a tenth.
    for (const [axis, size, keys] of [
      [0, map.width, ['ArrowRight', 'ArrowLeft']],
      [1, map.height, ['ArrowDown', 'ArrowUp']],
    ] as const) {
      const steps = Math.round(((target[axis] - size / 2) / size) * 100);
      const key = steps > 0 ? keys[0] : keys[1];
      for (let i = 0; i < Math.floor(Math.abs(steps) / 10); i++) await page.keyboard.press(`Shift+${key}`);
      for (let i = 0; i < Math.abs(steps) % 10; i++) await page.keyboard.press(key);
    }
    await page.keyboard.press('Enter');
  } else await atPicture(page, how, blankMap, target);
  await expect(page.getByText(/^Your point: \d+ % across, \d+ % down\.$/)).toBeVisible();
  await seen('select point');
  await next(page, how, /^Question 15 of 19/);

  // 3. Graphic gap match: each city's name on its dot.
  const labels = page.getByRole('group', { name: 'Labels' });
  for (const [city, place] of answers.cities) {
    // A label reads "✓ Cape Town" while it is chosen.
    const label = labels.getByRole('button', { name: new RegExp(`^(✓ )?${escape(city)}$`) });
    await press(page, how, label);
    await expect(label).toHaveAttribute('aria-pressed', 'true');
    await press(
      page,
      how,
      page.getByRole('button', { name: new RegExp(`^Place \\d+ \\(${escape(place)}\\): empty$`) }),
    );
    await expect(
      page.getByRole('button', { name: new RegExp(`^Place \\d+ \\(${escape(place)}\\): ${escape(city)}$`) }),
    ).toBeVisible();
  }
  await seen('graphic gap match');
  await next(page, how, /^Question 16 of 19/);

  // 4. Gap match: words into the text's gaps. With a mouse the last word is dragged into its gap.
  const words = page.getByRole('group', { name: 'Words' });
  for (const [i, [word, gap]] of answers.words.entries()) {
    const gapButton = page.getByRole('button', { name: `Gap ${gap}: empty` });
    if (how === 'mouse' && i === answers.words.length - 1) {
      await words.getByRole('button', { name: word, exact: true }).dragTo(gapButton);
    } else {
      await press(page, how, words.getByRole('button', { name: new RegExp(`^(✓ )?${escape(word)}$`) }));
      await press(page, how, gapButton);
    }
    await expect(page.getByRole('button', { name: `Gap ${gap}: ${word}` })).toBeVisible();
  }
  await seen('gap match');
  await next(page, how, /^Question 17 of 19/);

  // 5. Order: the cities from west to east, each moved up with its own button.
  const upButtons = page.getByRole('button', { name: /^Move .+ up$/ });
  const shown = async () =>
    (await upButtons.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')!))).map((n) => n.slice(5, -3));
  let moved = false;
  for (const [i, city] of answers.order.entries()) {
    const from = (await shown()).indexOf(city);
    const up = page.getByRole('button', { name: `Move ${city} up` });
    for (let k = from; k > i; k--) {
      if (how === 'keyboard') {
        // The button keeps the focus as its item moves: Enter again moves it again.
        if (k === from) await tabTo(page, up);
        await page.keyboard.press('Enter');
      } else if (how === 'touch') await up.tap();
      else await up.click();
      moved = true;
      await expect.poll(shown).toContain(city);
      await expect.poll(async () => (await shown()).indexOf(city)).toBe(k - 1);
    }
  }
  // An order never moved is not yet an answer: the learner says it is right as it is.
  if (!moved) await press(page, how, page.getByRole('button', { name: 'Keep this order' }));
  expect(await shown()).toEqual(answers.order);
  await expect(page.getByText('This order is your answer. Move an item to change it.')).toBeVisible();
  await seen('order');
  await next(page, how, /^Question 18 of 19/);

  // 6. Match: each province's capital, chosen in its row's list.
  for (const [province, capital] of answers.capitals) {
    const list = page.getByRole('combobox', { name: province, exact: true });
    if (how === 'keyboard') await chooseByKeyboard(page, list, capital, 'closed');
    else await list.selectOption({ label: capital });
    await expect(list.locator('option:checked')).toHaveText(capital);
  }
  await seen('match');
  await next(page, how, /^Question 19 of 19/);

  // 7. Inline choice: the ocean the Orange River flows into.
  const gap = page.getByRole('combobox', { name: 'Choose the answer for the gap' });
  if (how === 'keyboard') await chooseByKeyboard(page, gap, answers.ocean);
  else await gap.selectOption({ label: answers.ocean });
  await expect(gap.locator('option:checked')).toHaveText(answers.ocean);
  await seen('inline choice');
  await next(page, how, 'Check before you hand in');

  await press(page, how, page.getByRole('button', { name: 'Hand in my answers' }));
  const dialog = page.getByRole('dialog', { name: 'Hand in your answers?' });
  await expect(dialog).toBeVisible();
  await press(page, how, dialog.getByRole('button', { name: 'Yes, hand in' }));
  await expect(heading(page)).toHaveText('Your answers are in');
  return findings;
}

const allRight: Answers = {
  hotspot: ['Botswana', 'Zimbabwe', 'Eswatini', 'Lesotho'],
  point: 'Lesotho',
  cities: (Object.keys(places) as Array<keyof typeof places>).map((city) => [city, places[city]]),
  words: [
    ['Lesotho', 1],
    ['Eswatini', 2],
    ['Orange', 3],
  ],
  order: rightOrder,
  capitals: rightCapitals,
  ocean: 'Atlantic',
};

test.describe('with a mouse at 1280 px', () => {
  test.use({ viewport: desktop });

  test('a learner answers each interaction with the mouse; axe on each; the stored marks follow the keys, part marks included', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const learner = await learnerAtPaper(request, 'Mouse');
    try {
      await openMapSection(page, learner);
      const findings = await writeMapSection(
        page,
        testInfo,
        'mouse',
        {
          ...allRight,
          // Johannesburg and Bloemfontein swapped: three cities of five right, 0.4 of a mark each.
          cities: [
            ['Cape Town', places['Cape Town']],
            ['Johannesburg', places.Bloemfontein],
            ['Bloemfontein', places.Johannesburg],
            ['Durban', places.Durban],
            ['Gqeberha', places.Gqeberha],
          ],
        },
        { axe: true },
      );
      // Soft: the marks below are checked whatever axe finds.
      expect.soft(findings).toEqual([]);
      const { attempt, byType } = await marksByType(request, learner);
      expect(byType).toEqual({
        hotspot: 2,
        select_point: 1,
        graphic_gap_match: 1.2,
        gap_match: 2,
        order: 2,
        match: 2,
        inline_choice: 1,
      });
      expect(attempt).toMatchObject({ status: 'finished', score: 11.2, maxScore: 30 });
    } finally {
      await resetAttempt(request, learner);
    }
  });
});

test.describe('by touch on a phone', () => {
  test('a learner answers each interaction by tapping on a 360 px touch screen; the stored marks follow the keys', async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    // A phone's context of its own: the worker's page has no touch screen.
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      locale: 'en-ZA',
      viewport: phone,
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    const learner = await learnerAtPaper(request, 'Touch');
    try {
      await openMapSection(page, learner);
      await writeMapSection(page, testInfo, 'touch', {
        ...allRight,
        // Namibia has a coast: half a mark off the four landlocked countries' two.
        hotspot: ['Botswana', 'Zimbabwe', 'Eswatini', 'Lesotho', 'Namibia'],
        // Eswatini, not Lesotho: no mark.
        point: 'Eswatini',
        // Lesotho and Eswatini swapped: all or nothing, so nothing.
        words: [
          ['Eswatini', 1],
          ['Lesotho', 2],
          ['Orange', 3],
        ],
        // Durban for KwaZulu-Natal: all or nothing.
        capitals: [rightCapitals[0]!, ['KwaZulu-Natal', 'Durban'], rightCapitals[2]!, rightCapitals[3]!],
        ocean: 'Indian',
      });
      const { attempt, byType } = await marksByType(request, learner);
      expect(byType).toEqual({
        hotspot: 1.5,
        select_point: 0,
        graphic_gap_match: 2,
        gap_match: 0,
        order: 2,
        match: 0,
        inline_choice: 0,
      });
      expect(attempt).toMatchObject({ status: 'finished', score: 5.5, maxScore: 30 });
    } finally {
      await resetAttempt(request, learner);
      await context.close();
    }
  });
});

test.describe('by keyboard alone', () => {
  test.use({ viewport: desktop });

  test('a learner answers each interaction with Tab, the arrow keys, Enter and Space only; every mark is stored', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const learner = await learnerAtPaper(request, 'Keys');
    try {
      await openMapSection(page, learner);
      // This learner has no mouse: any press of one on the page is noted, and fails the test at the end.
      await page.evaluate(() =>
        document.addEventListener(
          'pointerdown',
          () => ((window as unknown as { pointed?: boolean }).pointed = true),
          true,
        ),
      );
      await writeMapSection(page, testInfo, 'keyboard', allRight);
      expect(await page.evaluate(() => (window as unknown as { pointed?: boolean }).pointed ?? false)).toBe(false);
      const { attempt, byType } = await marksByType(request, learner);
      expect(byType).toEqual({
        hotspot: 2,
        select_point: 1,
        graphic_gap_match: 2,
        gap_match: 2,
        order: 2,
        match: 2,
        inline_choice: 1,
      });
      expect(attempt).toMatchObject({ status: 'finished', score: 12, maxScore: 30 });
    } finally {
      await resetAttempt(request, learner);
    }
  });
});

test('an admin draws a hotspot question’s areas on a picture in the editor, and tries it in the preview', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // An olympiad of its own, so the demo papers stay as they are; the demo admin is granted it.
  const overlord = auth(await tokenOf(request, 'overlord'));
  const projects = await ok<{ items: Array<{ id: number }> }>(
    request.get('/olympus-project/v-rest/?search=geography', { headers: overlord }),
  );
  const varName = `geo-areas-${Date.now().toString(36)}`;
  const { olympiad } = await ok<{ olympiad: { id: number } }>(
    request.post('/olympiad/v-rest/', {
      headers: overlord,
      data: { projectId: projects.items[0]!.id, varName, title: 'Areas e2e', year: 2030, feeCents: 0 },
    }),
  );
  const admin = await sessionOf(request, 'admin');
  await ok(
    request.post('/olympiad-grant/v-rest/', {
      headers: overlord,
      data: { olympiadId: olympiad.id, userId: admin.id, role: 'admin' },
    }),
  );
  await ok(
    request.post('/question-module/v-rest/', {
      headers: overlord,
      data: { olympiadId: olympiad.id, title: 'Lakes' },
    }),
  );

  await page.setViewportSize(desktop);
  await signIn(page, account('admin'), { at: `/${varName}/admin/edit/questions` });
  await expect(page.getByRole('heading', { name: 'Questions', level: 1, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add question' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Choose areas on a picture' }).click();
  await dialog
    .getByRole('textbox', { name: 'Question', exact: true })
    .fill('Which of the marked lakes is Lake Victoria?');
  // A picture of 400 × 300 pixels: two lakes on land.
  const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#e8dfc4' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><ellipse cx="100" cy="150" rx="60" ry="45" fill="#6aa9d8"/><ellipse cx="300" cy="100" rx="30" ry="60" fill="#6aa9d8"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  await dialog
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'lakes.png', mimeType: 'image/png', buffer: picture });
  await dialog.getByRole('textbox', { name: 'Image description (for screen readers)' }).fill('Two lakes on a plain');

  // A rectangle dragged over the first lake, a circle from the second lake's centre to its edge.
  const canvas = dialog.getByRole('group', { name: 'The picture’s areas' });
  await expect(canvas).toBeVisible();
  const drag = async (from: [number, number], to: [number, number]) => {
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    const x = (px: number) => box.x + (px / 400) * box.width;
    const y = (px: number) => box.y + (px / 300) * box.height;
    await page.mouse.move(x(from[0]), y(from[1]));
    await page.mouse.down();
    await page.mouse.move(x((from[0] + to[0]) / 2), y((from[1] + to[1]) / 2), { steps: 4 });
    await page.mouse.move(x(to[0]), y(to[1]), { steps: 4 });
    await page.mouse.up();
  };
  await drag([40, 105], [160, 195]);
  await dialog
    .locator('label')
    .filter({ hasText: /^Circle$/ })
    .click();
  await expect(dialog.getByRole('radio', { name: 'Circle' })).toBeChecked();
  await drag([300, 100], [300, 160]);
  await expect(dialog.getByTestId('area-row')).toHaveCount(2);
  await dialog.getByRole('textbox', { name: 'Name of area A' }).fill('Lake Victoria');
  await dialog.getByRole('textbox', { name: 'Name of area B' }).fill('Lake Turkana');
  await dialog.getByRole('checkbox', { name: 'area A is right' }).check();
  await look(page, testInfo, 'hotspot in the editor');
  await dialog.getByRole('button', { name: 'Add question' }).last().click();
  await expect(dialog).toBeHidden();

  // Stored in the picture's own pixels: the areas as drawn, give or take a pixel of the pointer's rounding.
  const paper = await ok<{
    modules: Array<{ questions: Array<{ options: Array<{ area?: Record<string, number> }> }> }>;
  }>(request.post(`/olympiad/modules/${olympiad.id}`, { headers: auth(admin.accessToken.token) }));
  const [rect, circle] = paper.modules.find(() => true)!.questions[0]!.options.map((o) => o.area!);
  expect(rect).toMatchObject({ shape: 'rect' });
  expect(
    Math.abs(rect!.x! - 40) + Math.abs(rect!.y! - 105) + Math.abs(rect!.w! - 120) + Math.abs(rect!.h! - 90),
  ).toBeLessThan(8);
  expect(circle).toMatchObject({ shape: 'circle' });
  expect(Math.abs(circle!.x! - 300) + Math.abs(circle!.y! - 100) + Math.abs(circle!.r! - 60)).toBeLessThan(6);

  // The preview is the learner's own control, to try: the picture with both areas drawn on it and the areas to
  // choose, nothing of the key. A click on the first lake chooses it (never saved), and Reset takes it away.
  await page.getByRole('button', { name: 'Preview question 1' }).click();
  const preview = page.getByRole('dialog');
  const lakes = preview.getByRole('img', { name: 'Two lakes on a plain' });
  await expect(lakes).toBeVisible();
  await expect(preview.locator('[data-testid^="area-"]')).toHaveCount(2);
  const victoria = preview.getByRole('radio', { name: 'Area 1: Lake Victoria' });
  await expect(victoria).not.toBeChecked();
  await expect(preview.getByRole('radio', { name: 'Area 2: Lake Turkana' })).not.toBeChecked();
  const box = (await lakes.boundingBox())!;
  await page.mouse.click(box.x + (100 / 400) * box.width, box.y + (150 / 300) * box.height);
  await expect(victoria).toBeChecked();
  await look(page, testInfo, 'hotspot preview, tried');
  await preview.getByRole('button', { name: 'Reset' }).click();
  await expect(victoria).not.toBeChecked();
  await look(page, testInfo, 'hotspot preview');
});
