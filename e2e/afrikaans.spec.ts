import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { look } from './support/look.js';
import { olympiadWithLearner, ok } from './support/olympiad.js';
import { heading, learnerAtPaper, openAsLearner } from './support/paper.js';
import { tokenOf } from './support/session.js';

/**
 * A learner who reads Afrikaans writes the whole olympiad in it (decision 091): signs in, chooses Afrikaans at the
 * instructions, answers, switches to English in the middle of the paper and back without losing an answer, hands in
 * and gives feedback, on a phone's 360 px. The Afrikaans screens carry no English word (a text the olympiad wrote
 * only in English shows as its own, marked `lang="en"`, and is left out of that check), and axe finds nothing
 * serious on them.
 */

const phone = { width: 360, height: 780 };
test.use({ viewport: phone });

/** English words of the learner's pages that must not be on an Afrikaans screen. */
const english = [
  /\bQuestion\b/,
  /\bNext\b/,
  /\bPrevious\b/,
  /\bSection\b/,
  /\bTime left\b/,
  /\bContinue\b/,
  /\bInstructions\b/,
  /\bSign out\b/,
  /\bYour answer\b/,
  /\bsaved\b/,
  /\bChoose\b/,
  /\bHand in\b/,
  /\bfeedback\b/i,
  /\bthe\b/,
];

/** The page's words outside any part marked as another language (an olympiad's own text, a language's name). */
async function afrikaansText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    for (const other of clone.querySelectorAll('[lang]:not([lang="af"]), script, style, [hidden]')) other.remove();
    return clone.innerText;
  });
}

async function expectAfrikaans(page: Page, name: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'af');
  const text = await afrikaansText(page);
  for (const word of english) expect(text, `${name}: no English "${word.source}"`).not.toMatch(word);
  await expectNoSeriousA11yViolations(page, test.info());
}

/** Looks at the page at 1280 px and at 360 px (a screenshot each, for a person to judge), then back to the phone. */
async function lookAtBoth(page: Page, name: string) {
  for (const viewport of [{ width: 1280, height: 800 }, phone]) {
    await page.setViewportSize(viewport);
    await look(page, test.info(), name, { axe: false });
  }
}

/** An olympiad offered in English and Afrikaans, of three questions, open for writing, with a learner in it. */
async function twoLanguageOlympiad(request: APIRequestContext) {
  const made = await olympiadWithLearner(request, {
    prefix: 'afrikaans',
    questions: [
      {
        type: 'single',
        prompt: '<p>Which ocean lies to the east of South Africa?</p>',
        options: ['Atlantic', 'Indian', 'Pacific'].map((text, i) => ({ id: 'abc'[i]!, text, imageUrl: null })),
        answerKey: { type: 'single', correct: 'b' },
      },
      {
        type: 'numeric',
        prompt: '<p>How many provinces does South Africa have?</p>',
        answerKey: { type: 'numeric', value: 9, tolerance: 0 },
      },
    ],
  });
  const overlord = { Authorization: `Bearer ${await tokenOf(request, 'overlord')}` };
  await ok(
    request.put(`/olympiad/v-rest/${made.olympiadId}`, { headers: overlord, data: { languages: ['en', 'af'] } }),
  );
  return made;
}

test('a learner writes the olympiad in Afrikaans, switches to English and back mid-paper, and keeps every answer', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { varName, learner } = await twoLanguageOlympiad(request);

  // Signs in on the olympiad's own page (in English: the browser's), and reaches the instructions.
  await page.goto(`/${varName}/login`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'Username', exact: true }).fill(learner.username);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(learner.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/${varName}/olympiad/instructions`));

  // Chooses Afrikaans: each language is named in itself.
  const choice = page.getByRole('group', { name: 'Language' });
  await choice.getByRole('radio', { name: 'Afrikaans' }).check();
  await expect(heading(page)).toHaveText('Hallo, Queue');
  await expect(page.getByRole('heading', { name: 'Wat gebeur volgende' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Afrikaans' })).toBeChecked();
  await expectAfrikaans(page, 'instructions');
  await lookAtBoth(page, 'instructions in Afrikaans');
  await page.getByRole('link', { name: 'Gaan voort' }).click();

  // The declaration, the recovery PIN and the details, in Afrikaans.
  await expect(heading(page)).toHaveText('Jou belofte');
  await expectAfrikaans(page, 'declaration');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Ek aanvaar' }).click();
  await expect(heading(page)).toHaveText('Jou herstel-PIN');
  await expectAfrikaans(page, 'recovery PIN');
  await page.getByRole('button', { name: 'Wys my PIN' }).click();
  await expect(heading(page)).toHaveText('Skryf jou PIN neer');
  await page.getByRole('checkbox', { name: 'Ek het dit neergeskryf' }).check();
  await page.getByRole('button', { name: 'Gaan voort' }).click();
  await expect(heading(page)).toHaveText('Kontroleer jou besonderhede');
  await expectAfrikaans(page, 'details');
  await page.getByRole('button', { name: 'Dit is korrek: begin' }).click();

  // The paper: the section's introduction, then the first question.
  await expect(page.getByText('Afdeling 1 van 1')).toBeVisible();
  await page.getByRole('link', { name: /Begin hierdie afdeling/ }).click();
  await expect(heading(page)).toHaveText('Vraag 1 van 2');
  await expect(page.getByText('Tyd oor', { exact: true })).toBeVisible();
  // The question has no Afrikaans words: its own show, marked as English.
  await expect(page.locator('[lang="en"]').filter({ hasText: 'Which ocean' })).toBeVisible();
  await page.getByRole('radio', { name: /Indian/ }).check();
  await expect(page.getByText('Alle antwoorde gestoor')).toBeVisible();
  await expectAfrikaans(page, 'paper');
  await lookAtBoth(page, 'paper in Afrikaans');
  await page.getByRole('link', { name: /Volgende/ }).click();
  await expect(heading(page)).toHaveText('Vraag 2 van 2');
  await page.getByRole('textbox', { name: 'Jou antwoord (’n getal)' }).fill('9');
  await expect(page.getByText('Alle antwoorde gestoor')).toBeVisible();

  // Switches to English in the header: every word changes, the answers stay.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(heading(page)).toHaveText('Question 2 of 2');
  await expect(page.getByRole('textbox', { name: 'Your answer (a number)' })).toHaveValue('9');
  await page.getByRole('link', { name: /Previous/ }).click();
  await expect(page.getByRole('radio', { name: /Indian/ })).toBeChecked();
  // And back to Afrikaans.
  await page.getByRole('button', { name: 'Afrikaans' }).click();
  await expect(heading(page)).toHaveText('Vraag 1 van 2');
  await expect(page.getByRole('radio', { name: /Indian/ })).toBeChecked();
  // The choice is kept on the attempt: a reload opens the paper in Afrikaans.
  await page.reload();
  await expect(heading(page)).toHaveText('Vraag 1 van 2');
  await expect(page.getByRole('radio', { name: /Indian/ })).toBeChecked();

  // Hands in.
  await page.getByRole('button', { name: /Vrae/ }).first().click();
  await page.getByRole('link', { name: 'Gaan na en handig in' }).first().click();
  await expect(heading(page)).toHaveText('Kontroleer voordat jy inhandig');
  await expect(page.getByText('Mooi so, elke vraag het ’n antwoord.')).toBeVisible();
  await expectAfrikaans(page, 'summary');
  await page.getByRole('button', { name: 'Handig my antwoorde in' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ja, handig in' }).click();

  // The finished page and the feedback.
  await expect(heading(page)).toHaveText('Jou antwoorde is ingehandig');
  await expectAfrikaans(page, 'finished');
  await lookAtBoth(page, 'finished in Afrikaans');
  await page.getByRole('radio', { name: '5' }).check();
  await page.getByRole('textbox', { name: 'Is daar iets wat jy vir ons wil sê?' }).fill('Baie lekker!');
  await page.getByRole('button', { name: 'Stuur terugvoer' }).click();
  await expect(page.getByText('Dankie vir jou terugvoer')).toBeVisible();
  await expectAfrikaans(page, 'feedback given');
});

test('geo-demo’s Afrikaans paper: every question’s own words are Afrikaans too, none falls back to English', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const learner = await learnerAtPaper(request, 'geo-demo', 'Afrikaans');
  const h = { Authorization: `Bearer ${learner.session.accessToken.token}` };
  await ok(request.put('/api/sitting/geo-demo/language', { headers: h, data: { language: 'af' } }));
  await openAsLearner(page, learner, '/geo-demo/olympiad/0/intro');
  await expect(page.getByText(/Afdeling 1 van \d/)).toBeVisible();
  for (const n of [1, 2, 3]) {
    await page.getByRole('link', { name: /Begin hierdie afdeling|Volgende/ }).click();
    await expect(heading(page)).toHaveText(new RegExp(`^Vraag ${n} van \\d+$`));
    await expect(page.locator('main [lang="en"]')).toHaveCount(0);
    await expectAfrikaans(page, `geo-demo question ${n}`);
  }
});
