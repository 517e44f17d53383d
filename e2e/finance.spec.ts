import { readFileSync } from 'node:fs';
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { demoAccounts, demoPassword, fillSignIn, signIn } from './support/session.js';

/**
 * The money journey through the UI (decision 031): a teacher sets the school's purchase-order number, issues the
 * invoice and downloads it as a PDF; the accountant imports a bank statement, checks the report and imports it,
 * and the order turns paid; a learner of a school that has not paid, in an olympiad that requires payment before
 * writing, is refused with a message that says what to do. The journey runs on an olympiad and an invoicing
 * account of its own (made through the API first), so that the other journeys' demo orders stay as they are.
 */
const stamp = Date.now().toString(36);
const account = (username: string) => demoAccounts.find((a) => a.username === username)!;

async function signInApi(api: APIRequestContext, username: string) {
  const res = await api.post('/api/auth/signin', { data: { username, password: demoPassword, loginType: 'staff' } });
  return (await res.json()) as { id: number; schoolId: number | null; accessToken: { token: string } };
}

/** An olympiad that requires payment before writing, invoiced from an account of its own, with both demo schools entered. */
async function paidOlympiad(api: APIRequestContext) {
  const overlord = await signInApi(api, 'overlord');
  const headers = { authorization: `Bearer ${overlord.accessToken.token}` };
  const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>) => {
    expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true);
    return (await res.json()) as unknown;
  };
  const projects = (await (await api.get('/olympus-suite/api/projects/', { headers })).json()) as {
    items?: Array<{ id: number; projectName: string }>;
    projects?: Array<{ id: number; projectName: string }>;
  };
  const geography = (projects.items ?? projects.projects ?? []).find((p) => p.projectName === 'geography')!;
  const varName = `pay-${stamp}`;
  const created = (await ok(
    await api.post('/olympiad/v-rest/', {
      headers,
      data: {
        projectId: geography.id,
        varName,
        title: `Paid Olympiad ${stamp}`,
        year: new Date().getFullYear(),
        feeCents: 3500,
        startsAt: new Date(Date.now() - 3_600_000).toISOString(),
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
        durationMinutes: 30,
        paymentRequired: true,
      },
    }),
  )) as { olympiad: { id: number } };
  const olympiadId = created.olympiad.id;
  // An olympiad opens only on a clean check: one question, verified by an admin who did not write it.
  const { module } = (await ok(
    await api.post('/question-module/v-rest/', { headers, data: { olympiadId, title: 'Capitals' } }),
  )) as { module: { id: number } };
  const { question } = (await ok(
    await api.post('/question/v-rest/', {
      headers,
      data: {
        questionModuleId: module.id,
        type: 'true_false',
        prompt: '<p>Pretoria is one of South Africa’s capital cities.</p>',
        answerKey: { type: 'true_false', correct: true },
      },
    }),
  )) as { question: { id: number } };
  const admin = await signInApi(api, 'admin');
  await ok(
    await api.post('/olympiad-grant/v-rest/', { headers, data: { olympiadId, userId: admin.id, role: 'admin' } }),
  );
  await ok(
    await api.post(`/question/v-rest/${question.id}/verify`, {
      headers: { authorization: `Bearer ${admin.accessToken.token}` },
    }),
  );
  await ok(await api.get(`/olympiad/api/set-olympiad-open/${olympiadId}/true`, { headers }));
  const prefix = `P${stamp.slice(-6).toUpperCase()}`;
  await ok(
    await api.post('/account/v-rest/', {
      headers,
      data: {
        name: `Paid Olympiad ${stamp}`,
        legalName: 'SA Geography Olympiad NPC',
        vatNumber: '4123456789',
        vatRateBp: 1500,
        address: '12 Jan Smuts Avenue, Braamfontein, Johannesburg, 2001',
        bankName: 'First National Bank',
        bankAccountName: 'SA Geography Olympiad NPC',
        bankAccountNumber: '62849173520',
        bankBranchCode: '250655',
        invoicePrefix: prefix,
        olympiadIds: [olympiadId],
      },
    }),
  );
  const accountant = await signInApi(api, 'accountant');
  await ok(
    await api.post('/olympiad-grant/v-rest/', {
      headers,
      data: { olympiadId, userId: accountant.id, role: 'accountant' },
    }),
  );
  const schoolOf = async (username: string) => (await signInApi(api, username)).schoolId!;
  const learnerAt = async (schoolId: number, lastName: string) => {
    await ok(await api.post('/school-participant/v-rest/', { headers, data: { olympiadId, schoolId } }));
    const res = (await ok(
      await api.post('/learner/v-rest/', {
        headers,
        data: { olympiadId, schoolId, firstName: 'Sipho', lastName, grade: 10 },
      }),
    )) as { learner?: { username: string; password: string }; username?: string; password?: string };
    return { username: res.learner?.username ?? res.username!, password: res.learner?.password ?? res.password! };
  };
  await learnerAt(await schoolOf('teacher2'), 'Paid');
  const unpaid = await learnerAt(await schoolOf('teacher'), 'Unpaid');
  return { varName, prefix, unpaid };
}

test('a teacher’s invoice, a bank statement, and payment before writing', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const setup = await browser.newContext();
  const { varName, prefix, unpaid } = await paidOlympiad(setup.request);
  const documentNumber = new RegExp(`${prefix}-\\d{4}-\\d{5}`);

  // 1. The teacher: PO number, invoice, PDF.
  const teacher = await (await browser.newContext()).newPage();
  await signIn(teacher, account('teacher2'), { at: `/portal/${varName}/invoices` });
  await expect(teacher.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  const po = teacher.getByRole('textbox', { name: /purchase-order number/ });
  await po.fill(`RBHS-${stamp}`);
  await teacher.getByRole('button', { name: 'Save number' }).click();
  await expect(teacher.getByText(`Purchase-order number RBHS-${stamp} is saved`)).toBeVisible();
  await teacher.getByRole('button', { name: /^Issue (updated )?invoice$/ }).click();
  // Issuing draws the invoice's PDF with its embedded typeface and mails it before it answers: on a shared two-core
  // machine running the other journeys beside it, that can take longer than the default wait.
  await expect(teacher.getByText(new RegExp(`Invoice ${documentNumber.source} is issued`)).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(teacher.getByRole('heading', { name: 'How to pay' })).toBeVisible();
  const reference = (
    await teacher
      .getByRole('table', { name: 'Bank details' })
      .getByRole('row', { name: /Reference/ })
      .innerText()
  )
    .replace('Reference', '')
    .trim();
  expect(reference).toMatch(new RegExp(`^${prefix}\\d{5}$`));
  const total = (
    await teacher
      .getByRole('table', { name: 'What the school pays' })
      .getByRole('row', { name: /^Total/ })
      .innerText()
  )
    .replace('Total', '')
    .trim();
  const [download] = await Promise.all([
    teacher.waitForEvent('download'),
    teacher.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^invoice-${documentNumber.source}\\.pdf$`));
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expectNoSeriousA11yViolations(teacher, testInfo);

  // 2. The accountant imports the bank statement: checked first, then imported; the order turns paid.
  const accountant = await (await browser.newContext()).newPage();
  await signIn(accountant, account('accountant'), { at: `/${varName}/finance/payments` });
  await accountant.getByRole('button', { name: 'Import bank statement' }).click();
  const amount = total.replace(/[^\d,]/g, '').replace(',', '.');
  const csv = `Date,Amount,Balance,Description\n2026/03/10,${amount},1000.00,RONDEBOSCH ${reference}\n2026/03/11,99.00,1099.00,UNKNOWN DEPOSIT ${stamp}\n`;
  const [chooser] = await Promise.all([
    accountant.waitForEvent('filechooser'),
    accountant.getByRole('button', { name: /Statement \(CSV or xlsx\)/ }).click(),
  ]);
  await chooser.setFiles({ name: 'fnb.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await accountant.getByRole('button', { name: 'Check' }).click();
  await expect(accountant.getByText('Checked: nothing is saved yet')).toBeVisible();
  const lines = accountant.getByRole('table', { name: 'Statement lines' });
  await expect(lines.getByRole('row', { name: new RegExp(reference) })).toContainText('matched');
  await expect(lines.getByRole('row', { name: new RegExp(`UNKNOWN DEPOSIT ${stamp}`) })).toContainText('unmatched');
  await expectNoSeriousA11yViolations(accountant, testInfo);
  // One payment matched to the order, and the unknown deposit kept to match by hand.
  await accountant.getByRole('button', { name: 'Import 1 payment and 1 line to match by hand' }).click();
  await expect(accountant.getByText('Imported', { exact: true })).toBeVisible();
  await accountant.getByRole('button', { name: 'Done' }).click();
  const row = accountant.getByRole('table', { name: 'Purchase orders' }).getByRole('row', { name: /Rondebosch/ });
  await expect(row).toContainText('Paid');
  await expect(accountant.getByRole('heading', { name: /Payments to match by hand/ })).toBeVisible();
  await expectNoSeriousA11yViolations(accountant, testInfo);

  // 2b. A payment by hand in the order's drawer: the date defaults to today in South Africa (not the UTC date); an
  // amount that is not one is said so; the same payment again asks before it is recorded twice.
  await row.getByRole('button', { name: /^Open the order of Rondebosch/ }).click();
  const drawer = accountant.getByRole('dialog');
  const todayInSA = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date());
  await expect(drawer.getByLabel('Received on')).toHaveValue(todayInSA);
  const payAmount = drawer.getByRole('textbox', { name: 'Amount (R)' });
  await payAmount.fill('twelve');
  await expect(drawer.getByText('Enter an amount like 1234.50')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Record payment' })).toBeDisabled();
  const byHand = `BY HAND ${stamp}`;
  const paymentLines = drawer.getByText(`EFT · ${byHand}`);
  const recordOnce = async () => {
    await payAmount.fill('12.50');
    await drawer.getByRole('textbox', { name: 'Reference' }).fill(byHand);
    await drawer.getByRole('button', { name: 'Record payment' }).click();
  };
  await recordOnce();
  await expect(paymentLines).toHaveCount(1);
  await expect(payAmount).toHaveValue('');
  await recordOnce();
  await expect(drawer.getByText('Recorded already?')).toBeVisible();
  await expect(paymentLines).toHaveCount(1);
  await drawer.getByRole('button', { name: 'Record it anyway' }).click();
  await expect(paymentLines).toHaveCount(2);
  await expect(drawer.getByText('Recorded already?')).toHaveCount(0);
  await accountant.keyboard.press('Escape');

  // 2c. The line no reference matched is matched by hand (to Rondebosch, which stays paid) and leaves the list.
  await accountant.getByRole('combobox', { name: /^School for the payment of/ }).click();
  await accountant.getByRole('option', { name: /Rondebosch/ }).click();
  await accountant.getByRole('button', { name: 'Match', exact: true }).click();
  await expect(accountant.getByRole('heading', { name: /Payments to match by hand/ })).toHaveCount(0);

  // 3. Payment before writing: Waterkloof is entered and has not paid; its learner is told what to do.
  const writer = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
  await writer.goto(`/${varName}/login`);
  await fillSignIn(writer, unpaid.username, unpaid.password);
  await expect(writer.getByText(/has not paid for this olympiad yet/)).toBeVisible();
  await expect(writer.getByText(/tell your teacher/i)).toBeVisible();
  await expectNoSeriousA11yViolations(writer, testInfo);
});
