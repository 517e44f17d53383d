import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { look } from './support/look.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { account, auth, sessionOf, type SignedIn, signIn, tokenOf } from './support/session.js';

/**
 * Phones and the smaller things, each walked at the width where it was found: every
 * list at 360 px shows each row's name, state and actions with no sideways scroll; the question palette never
 * widens the page, and is open at 1280 px where there is room; one plural; the sign-out icon; the teacher's menu;
 * a forbidden page without a sign-in form; hover only where a pointer hovers.
 */

const phone = { width: 360, height: 780 };
const desktop = { width: 1280, height: 800 };

/** Nothing on the page is wider than the screen, and nothing in it scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const found = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      wide.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1)
        wide.push(
          `${el.tagName.toLowerCase()}.${el.className} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`,
        );
    }
    return wide;
  });
  expect(found, found.join('\n')).toEqual([]);
}

/** The whole of an element is on the screen, left to right. */
async function expectWithinWidth(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  expect(box, 'the element is drawn').not.toBeNull();
  const width = page.viewportSize()!.width;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 1);
}

/** Each list as a card per row: its name (the card's first line), its state and its actions, on the screen. */
const lists: {
  who: string;
  path: string;
  list: string;
  name: RegExp;
  /** The label of the row's state, where the list has one. */
  state?: string;
  action: RegExp;
  /** Makes a row where the demo data has none; answers how to remove it again. */
  prepare?: (request: APIRequestContext) => Promise<() => Promise<void>>;
  /** Brings the list up (e.g. chooses a school). */
  open?: (page: Page) => Promise<void>;
}[] = [
  {
    who: 'accountant',
    path: '/geo-demo/finance/payments',
    list: 'Purchase orders',
    name: /Hoërskool Waterkloof|Rondebosch/,
    state: 'State',
    action: /^Open$/,
  },
  {
    who: 'overlord',
    path: '/overlord/edit/olympiads',
    list: 'Olympiads',
    name: /Olympiad/,
    state: 'Status',
    action: /Edit/,
  },
  {
    who: 'admin',
    path: '/geo-demo/admin/reports/start-times',
    list: 'Start times',
    name: /Khumalo|Pretorius/,
    state: 'Status',
    action: /.+/,
  },
  {
    who: 'admin',
    path: '/geo-demo/admin/edit/participating-schools',
    list: 'Participating schools',
    name: /Hoërskool Waterkloof|Rondebosch/,
    state: 'Status',
    action: /.+/,
  },
  {
    who: 'admin',
    path: '/geo-demo/admin/edit/mass-mailers',
    list: 'Mailings',
    name: /Phones mailing/,
    state: 'Status',
    action: /Edit/,
    prepare: async (request) => {
      const admin = await sessionOf(request, 'admin');
      const olympiadId = admin.grants.find((g) => g.olympiadName === 'geo-demo')!.olympiadId;
      const made = await request.post('/emailer/api/', {
        headers: auth(admin.accessToken.token),
        data: {
          olympiadId,
          subject: `Phones mailing ${Date.now()}`,
          html: '<p>Dear {{firstName}}</p>',
          audience: { kind: 'pasted', addresses: ['one@phones.example.org'] },
        },
      });
      expect(made.ok(), await made.text()).toBe(true);
      const id = ((await made.json()) as { mailing: { id: number } }).mailing.id;
      return async () => {
        await request.delete(`/emailer/api/${id}`, { headers: auth(admin.accessToken.token) });
      };
    },
  },
  {
    who: 'teacher',
    path: '/portal/geo-demo/load-learners',
    list: 'Learners',
    name: /Khumalo|Pretorius|.+/,
    action: /.+/,
  },
  {
    who: 'admin',
    path: '/geo-demo/admin/edit/learners',
    list: 'Learners',
    name: /.+/,
    action: /.+/,
    open: async (page) => {
      await page.getByRole('combobox', { name: 'School' }).click();
      await page.getByRole('option').first().click();
    },
  },
];

test.describe('at 360 px', () => {
  test.use({ viewport: phone });

  for (const item of lists) {
    test(`11: ${item.who}'s ${item.list} at ${item.path}: each row's name, state and actions without sideways scroll`, async ({
      page,
      request,
    }, testInfo) => {
      const undo = item.prepare ? await item.prepare(request) : null;
      try {
        await signIn(page, account(item.who), { at: item.path });
        if (item.open) await item.open(page);
        const list = page.getByRole('list', { name: item.list, exact: true });
        await expect(list).toBeVisible();
        // A row of a known record (other journeys add learners, schools and mailings to the demo's lists).
        const row = list.getByRole('listitem').filter({ hasText: item.name }).first();
        await expect(row).toBeVisible();
        await expectWithinWidth(page, row);
        if (item.state) {
          const state = row.locator('dt', { hasText: item.state }).locator('xpath=following-sibling::dd[1]');
          await expect(state).toBeVisible();
          await expect(state).not.toBeEmpty();
          await expectWithinWidth(page, state);
        }
        const actions = row.getByRole('button').or(row.getByRole('link'));
        expect(await actions.count(), 'every row has an action').toBeGreaterThan(0);
        await expect(actions.filter({ hasText: item.action }).first()).toBeVisible();
        for (const action of await actions.all()) await expectWithinWidth(page, action);
        await expectNoSidewaysScroll(page);
        await look(page, testInfo, `${item.who} ${item.list}`);
        // At 1280 px the same list is a table again, with its column headings to sort by.
        await page.setViewportSize(desktop);
        await expect(page.getByRole('table', { name: item.list, exact: true })).toBeVisible();
        await look(page, testInfo, `${item.who} ${item.list}`, { axe: false });
      } finally {
        await undo?.();
      }
    });
  }

  test("8: the teacher's order card keeps each amount on its label's line, also when the organisers marked it paid", async ({
    page,
    request,
  }, testInfo) => {
    const accountantSession = await sessionOf(request, 'accountant');
    const olympiadId = accountantSession.grants.find((g) => g.olympiadName === 'geo-demo')!.olympiadId;
    // The teacher's own order: the list a teacher reads holds their school's alone.
    const orders = await request.get(`/purchase-order/api/?olympiadId=${olympiadId}`, {
      headers: auth(await tokenOf(request, 'teacher')),
    });
    expect(orders.ok(), await orders.text()).toBe(true);
    const order = ((await orders.json()) as { items: { id: number; schoolParticipantId: number; state: string }[] })
      .items[0]!;
    const accountant = auth(accountantSession.accessToken.token);
    const setState = async (status: string) => {
      const changed = await request.put(
        `/purchase-order/rest/${order.id}?status=${status}&customerParticipantId=${order.schoolParticipantId}`,
        { headers: accountant },
      );
      expect(changed.ok(), await changed.text()).toBe(true);
    };
    // Marked paid by hand, with no payment: the card's longest label, which pushed its amount onto a line of its own.
    if (order.state !== 'paid') await setState('paid');
    try {
      await signIn(page, account('teacher'), { at: '/portal/geo-demo/invoices' });
      for (const [table, label] of [
        ['What is paid', 'Marked paid by the organisers'],
        ['What is paid', 'Still to pay'],
        ['What the school pays', 'Total'],
      ] as const) {
        const row = page
          .getByRole('table', { name: table })
          .getByRole('row')
          .filter({ hasText: new RegExp(`^${label}`) });
        await expect(row).toBeVisible();
        const [name, amount] = await row.getByRole('cell').all();
        const [a, b] = [(await name!.boundingBox())!, (await amount!.boundingBox())!];
        expect(Math.abs(a.y - b.y), `${label}: the amount is on its label's line`).toBeLessThan(2);
        expect(b.x, `${label}: the amount is right of its label`).toBeGreaterThan(a.x + a.width - 1);
        await expectWithinWidth(page, amount!);
      }
      await expectNoSidewaysScroll(page);
      await look(page, testInfo, 'teacher invoices marked paid');
    } finally {
      if (order.state !== 'paid') await setState(order.state === 'pre' ? 'pre' : 'unpaid');
    }
  });

  test("11: the teacher's certificates list, when there are certificates, is cards too", async ({ page }, testInfo) => {
    await signIn(page, account('teacher'), { at: '/portal/geo-demo/certificates' });
    await expect(page.locator('h1')).toBeVisible();
    const list = page.getByRole('list', { name: 'Your learners’ certificates' });
    if (await list.count()) {
      const row = list.getByRole('listitem').first();
      await expectWithinWidth(page, row);
    }
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await look(page, testInfo, 'teacher certificates');
  });

  test('15: the sign-out button shows a door left behind, named "Sign out"', async ({ page }) => {
    await signIn(page, account('admin'));
    const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign out' }).filter({ visible: true });
    await expect(signOut).toBeVisible();
    // The arrow leaves the door: the door's side (x 4–9) is on the left, the arrow's head on the right (x 21).
    await expect(signOut.locator('path')).toHaveAttribute('d', /^M9 4H6.*M21 12H9$/);
  });

  test('15: the teacher menu has one "FAQ" each, named for what they are, under the olympiad’s title', async ({
    page,
  }, testInfo) => {
    await signIn(page, account('teacher'), { at: '/portal/geo-demo/faq' });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page
      .getByRole('navigation')
      .filter({ has: page.getByRole('link') })
      .last();
    await expect(nav.getByRole('link', { name: 'FAQ', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Questions teachers ask' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Questions and answers' })).toBeVisible();
    await expect(nav.getByText('geo-demo', { exact: true })).toHaveCount(0);
    await expect(nav.getByText(/Geography Olympiad/).first()).toBeVisible();
    await look(page, testInfo, 'teacher menu', { axe: false });
  });

  test('15: only the olympiad’s grades are offered (learner form, spreadsheet note, learner’s details); the clock starts at the first question on both learner pages', async ({
    page,
    request,
  }, testInfo) => {
    // geo-demo is for grades 7 to 12 (decision 045): nothing else is offered anywhere a grade is chosen for it.
    const offered = ['Grade 7', 'Grade 8', 'Grade 9', 'Grade 10', 'Grade 11', 'Grade 12'];
    await signIn(page, account('teacher'), { at: '/portal/geo-demo/load-learners' });
    await expect(page.getByText('this olympiad is for grades 7 to 12')).toBeVisible();
    await page.getByRole('button', { name: 'Add a learner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a learner' });
    const grade = dialog.getByRole('combobox', { name: 'Grade' });
    await expect(grade.locator('option:not([disabled])')).toHaveText(offered);
    // Without a grade, the form asks for one before anything is sent.
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Grade');
    await dialog.getByRole('textbox', { name: 'Surname' }).fill('Range');
    await dialog.getByRole('button', { name: 'Add learner' }).click();
    await expect(dialog.getByText('Choose the grade')).toBeVisible();
    await expect(grade).toBeFocused();
    await expectWithinWidth(page, grade);
    await expectNoSeriousA11yViolations(page, testInfo);
    await look(page, testInfo, 'learner form grades');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The learner's own details page: a learner made for this test, brought to that step through the API.
    const teacher = await tokenOf(request, 'teacher');
    const geoDemo = (await (await request.get('/website/api/olympiad/geo-demo')).json()) as {
      olympiad: { id: number };
    };
    const made = await request.post('/learner/v-rest/', {
      headers: auth(teacher),
      data: { olympiadId: geoDemo.olympiad.id, firstName: 'Gradus', lastName: `Range ${Date.now()}`, grade: 9 },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const { learner: created } = (await made.json()) as { learner: { id: number; username: string; password: string } };
    const signedIn = await request.post('/api/auth/signin', {
      data: { username: created.username, password: created.password, olympiadName: 'geo-demo', loginType: 'learner' },
    });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    const learner = (await signedIn.json()) as SignedIn;
    const h = auth(learner.accessToken.token);
    const base = '/api/sitting/geo-demo';
    // The instructions and the details page agree on when the clock starts: when the first question opens.
    await page.evaluate((u) => localStorage.setItem('user', JSON.stringify(u)), learner);
    await page.goto('/geo-demo/olympiad/instructions');
    await expect(page.getByText(/60 minutes from the moment the first question opens/)).toBeVisible();
    expect((await request.post(`${base}/declaration`, { headers: h, data: { accept: true } })).ok()).toBe(true);
    const issued = await request.post(`${base}/recovery-pin`, { headers: h });
    const { pin } = (await issued.json()) as { pin: string };
    expect((await request.post(`${base}/recovery-pin/confirm`, { headers: h, data: { pin } })).ok()).toBe(true);
    await page.goto('/geo-demo/olympiad/learner-details');
    await expect(page.getByText(/the first question opens and your 60 minutes start/)).toBeVisible();
    const own = page.getByRole('combobox', { name: 'Grade' });
    await expect(own).toHaveValue('9');
    await expect(own.locator('option:not([value=""])')).toHaveText(offered);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, testInfo);
    await look(page, testInfo, 'learner details grades');
  });

  test('15: a forbidden page says who is signed in, without a sign-in form under it', async ({ page }, testInfo) => {
    await signIn(page, account('teacher'), { at: '/overlord/overview' });
    await expect(page.getByText(/You are signed in as Thandi Mokoena/)).toBeVisible();
    await expect(page.getByRole('form', { name: 'Sign in' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to my area' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in as someone else' }).click();
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await look(page, testInfo, 'forbidden');
  });

  test('15: an answer option has no hover border on a touch screen', async ({ page }) => {
    await page.goto('/login');
    // Every :hover rule of the app's style sheets sits inside @media (hover: hover).
    const bare = await page.evaluate(() => {
      const found: string[] = [];
      const walk = (rules: CSSRuleList, inHover: boolean) => {
        for (const rule of Array.from(rules)) {
          if (rule instanceof CSSMediaRule) walk(rule.cssRules, inHover || rule.conditionText.includes('hover: hover'));
          else if (rule instanceof CSSStyleRule && /:hover/.test(rule.selectorText) && !inHover)
            found.push(rule.selectorText);
        }
      };
      for (const sheet of Array.from(document.styleSheets)) {
        try {
          walk(sheet.cssRules, false);
        } catch {
          // another origin's sheet
        }
      }
      return found;
    });
    // Mantine's own hovers are in @media (hover: hover) already; the app's own CSS modules must be too.
    expect(bare.filter((s) => /_[a-zA-Z0-9]{5}/.test(s) && !s.includes('m_'))).toEqual([]);
  });
});

test('11 and 15: the question palette fits a phone, and is open at 1280 px where there is room', async ({
  page,
  request,
}, testInfo) => {
  // learner2 of geo-demo, brought to the paper through the API (the steps before are walked in exam-day.spec.ts);
  // the attempt is reset at the end so the demo data is as it was.
  const overlord = await sessionOf(request, 'overlord');
  const learner = await sessionOf(request, 'learner2', 'geo-demo');
  const h = auth(learner.accessToken.token);
  const base = '/api/sitting/geo-demo';
  try {
    expect((await request.post(`${base}/declaration`, { headers: h, data: { accept: true } })).ok()).toBe(true);
    const issued = await request.post(`${base}/recovery-pin`, { headers: h });
    expect(issued.ok()).toBe(true);
    const { pin } = (await issued.json()) as { pin: string };
    expect((await request.post(`${base}/recovery-pin/confirm`, { headers: h, data: { pin } })).ok()).toBe(true);
    const details = await request.put(`${base}/learner-details`, {
      headers: h,
      data: { firstName: 'Jaco', lastName: 'Pretorius', grade: 11 },
    });
    expect(details.ok(), await details.text()).toBe(true);

    await page.setViewportSize(phone);
    await page.goto('/login');
    await page.evaluate((u) => localStorage.setItem('user', JSON.stringify(u)), learner);
    await page.goto('/geo-demo/olympiad/0/0');
    const toggle = page.getByRole('button', { name: /^Questions/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const palette = page.locator('#question-palette');
    await expect(palette).toBeVisible();
    await expectWithinWidth(page, palette);
    await expectNoSidewaysScroll(page);
    await look(page, testInfo, 'palette');
    // Picking a question closes it on a phone.
    await palette
      .getByRole('link', { name: /Question 2\b/ })
      .first()
      .click();
    await expect(palette).toBeHidden();

    await page.setViewportSize(desktop);
    await page.reload();
    await expect(page.locator('#question-palette')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Hide questions/ })).toHaveAttribute('aria-expanded', 'true');
    await page
      .locator('#question-palette')
      .getByRole('link', { name: /Question 3\b/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/geo-demo\/olympiad\/0\/2$/);
    // It stays open after a pick where there is room.
    await expect(page.locator('#question-palette')).toBeVisible();
    await look(page, testInfo, 'palette');
  } finally {
    await request.get(`/participant/reset/${learner.olympiadId}/${learner.id}`, {
      headers: auth(overlord.accessToken.token),
    });
  }
});

test('15: one plural: a school with one learner is "1 learner" in the admin’s school picker', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(desktop);
  await signIn(page, account('admin'), { at: '/geo-demo/admin/edit/learners' });
  await page.getByRole('combobox', { name: 'School' }).click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  await expect(options.filter({ hasText: /\b1 learners\b/ })).toHaveCount(0);
  await expect(options.filter({ hasText: /\(\d+ learners?\)/ }).first()).toBeVisible();
  await look(page, testInfo, 'school picker', { axe: false });
});

test('15: a question’s title in the list reads as written: no space where an inline tag ended', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(desktop);
  await signIn(page, account('admin'), { at: '/geo-demo/admin/edit/questions' });
  // The prompt is "…of <strong>south-west</strong>, in degrees…": one way to read rich text as text (htmlText).
  await expect(page.getByText('What is the bearing of south-west, in degrees clockwise from north?')).toBeVisible();
  await expect(page.getByText(/\s[,.?]/)).toHaveCount(0);
  // Reordering is said once, as it works: the ▲ and ▼ buttons (named for screen readers), or a drag.
  await expect(page.getByText('Drag to reorder')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Move .* down$/ }).first()).toBeVisible();
  await look(page, testInfo, 'questions list');
});

test('15: the demo pictures’ labels sit inside the picture', async ({ page }) => {
  await page.setViewportSize(desktop);
  for (const picture of ['sa-provinces', 'compass-rose']) {
    await page.goto(`/demo/${picture}.svg`);
    const outside = await page.evaluate(() => {
      const svg = document.querySelector('svg')!;
      const box = svg.viewBox.baseVal;
      return Array.from(svg.querySelectorAll('text'))
        .filter((t) => {
          const b = t.getBBox();
          return b.x < box.x || b.y < box.y || b.x + b.width > box.x + box.width || b.y + b.height > box.y + box.height;
        })
        .map((t) => t.textContent);
    });
    expect(outside, `${picture}: labels past the edge`).toEqual([]);
  }
});

test('15: the admin’s view of what a learner submitted reads the options’ text, not their letters', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(desktop);
  await signIn(page, account('admin'));
  // geo-2025: written and marked by the demo's learners (server/seed/demo-results.ts), every option id a letter.
  await page.goto('/geo-2025/admin/reports/start-times');
  await page
    .getByRole('button', { name: /^View what .* submitted$/ })
    .first()
    .click();
  const answers = page.getByRole('dialog').getByRole('table', { name: 'Answers' });
  await expect(answers.getByRole('row').nth(1)).toBeVisible();
  const rows = answers.getByRole('row');
  const count = await rows.count();
  let read = 0;
  for (let i = 1; i < count; i++) {
    const cells = rows.nth(i).getByRole('cell');
    // The answer and the key (the 2nd and 3rd columns) never show a bare option id such as "b".
    for (const column of [1, 2]) {
      const text = ((await cells.nth(column).textContent()) ?? '').trim();
      expect(text, `row ${i}, column ${column + 1}`).not.toMatch(/^[a-d](; [a-d])*$/);
      if (text.length > 1 && text !== '—') read++;
    }
  }
  expect(read).toBeGreaterThan(0);
  await look(page, testInfo, 'submitted data');
});
