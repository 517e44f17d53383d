import type { z } from 'zod';
import { count, figure } from './numbers.js';

/**
 * What a person reads when a value is refused: the one zod error map of the product, installed by the server
 * (`server/app.ts`, for the error shape's `details`) and by the web app (`web/src/lib/zod-config.ts`, for the
 * forms that check in the browser before sending). A schema's own message (`.min(1, said(id, 'Enter the first
 * name'))`) still wins; this writes every other one, so zod's own words ("Too big: expected string to have <=100
 * characters") never reach anyone.
 *
 * Every message has an id in locales/{en,af}/validation.json and is worded by the translator the side that runs
 * it installs (`setMessageTranslator`): the web app's in the page's language, the server's in the request's
 * (decision 097). The contract imports neither side, so the English is written here too: it is what a message
 * reads when no translator is installed or the translator leaves it to English, and
 * server/platform/validation-messages.test.ts holds it equal to the English catalogue.
 */

type Issue = z.core.$ZodRawIssue;

/** The values a message is worded with: figures already written as people read them (contract/numbers.ts). */
export type MessageValues = Record<string, string | number>;

/**
 * Words message `id` in the reader's language; `undefined` leaves it to the English written with it (the reader
 * reads English, or the catalogue has no such id).
 */
export type MessageTranslator = (id: string, values?: MessageValues) => string | undefined;

let translator: MessageTranslator | null = null;

/** Installed once by each side that runs the contract's schemas (web/src/lib/zod-config.ts, server/app.ts). */
export function setMessageTranslator(next: MessageTranslator | null): void {
  translator = next;
}

/** Message `id` in the reader's language, else its `english`. */
export function wordMessage(id: string, english: string, values?: MessageValues): string {
  return translator?.(id, values) ?? english;
}

/**
 * A schema's own message with its id, worded when the value is refused (so in the reader's language):
 * `z.string().min(1, said('validation.name.first', 'Enter the first name'))`. The English is the catalogue's.
 */
export function said(id: string, english: string): { error: () => string } {
  return { error: () => wordMessage(id, english) };
}

const fillIn = () => wordMessage('validation.fillIn', 'Fill this in');
const cannotUse = () => wordMessage('validation.cannotUse', 'This value cannot be used here');
const enterDate = () => wordMessage('validation.enterDate', 'Enter a date');

function invalidType(issue: Extract<Issue, { code: 'invalid_type' }>): string {
  if (issue.input === undefined || issue.input === null || issue.input === '') return fillIn();
  switch (issue.expected) {
    case 'int':
      return wordMessage('validation.type.int', 'Enter a whole number');
    case 'number':
    case 'bigint':
      return wordMessage('validation.type.number', 'Enter a number');
    case 'string':
      return wordMessage('validation.type.string', 'Enter text');
    case 'boolean':
      return wordMessage('validation.type.boolean', 'Choose yes or no');
    case 'date':
      return enterDate();
    case 'array':
    case 'set':
      return wordMessage('validation.type.list', 'Choose from the list');
    case 'object':
    case 'record':
    case 'map':
      return wordMessage('validation.type.object', 'Fill in every part of this');
    default:
      return cannotUse();
  }
}

/** The values of a count of characters: `count` picks the plural, `n` is the figure as people read it. */
const characters = (n: number | bigint) => ({ count: Number(n), n: figure(n) });

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const { maximum: max, inclusive = true, origin } = issue;
  switch (origin) {
    case 'string': {
      const most = inclusive ? max : Number(max) - 1;
      return wordMessage('validation.tooBig.string', `Use at most ${count(most, 'character')}`, characters(most));
    }
    case 'number':
    case 'int':
    case 'bigint':
      return inclusive
        ? wordMessage('validation.tooBig.number', `Enter ${figure(max)} or less`, { max: figure(max) })
        : wordMessage('validation.tooBig.numberBelow', `Enter less than ${figure(max)}`, { max: figure(max) });
    case 'array':
    case 'set': {
      const most = figure(inclusive ? max : Number(max) - 1);
      return wordMessage('validation.tooBig.list', `Choose at most ${most}`, { max: most });
    }
    case 'date':
      return wordMessage('validation.tooBig.date', 'Choose an earlier date');
    case 'file':
      return wordMessage('validation.tooBig.file', 'This file is too large');
    default:
      return wordMessage('validation.tooBig.other', 'This is too large');
  }
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const { minimum: min, inclusive = true, origin } = issue;
  switch (origin) {
    case 'string':
      return Number(min) <= 1
        ? fillIn()
        : wordMessage('validation.tooSmall.string', `Use at least ${count(min, 'character')}`, characters(min));
    case 'number':
    case 'int':
    case 'bigint':
      return inclusive
        ? wordMessage('validation.tooSmall.number', `Enter ${figure(min)} or more`, { min: figure(min) })
        : wordMessage('validation.tooSmall.numberAbove', `Enter more than ${figure(min)}`, { min: figure(min) });
    case 'array':
    case 'set':
      return Number(min) <= 1
        ? wordMessage('validation.tooSmall.listOne', 'Choose at least one')
        : wordMessage('validation.tooSmall.list', `Choose at least ${figure(min)}`, { min: figure(min) });
    case 'date':
      return wordMessage('validation.tooSmall.date', 'Choose a later date');
    default:
      return wordMessage('validation.tooSmall.other', 'This is too small');
  }
}

function invalidFormat(issue: Extract<Issue, { code: 'invalid_format' }>): string {
  switch (issue.format) {
    case 'email':
      return wordMessage('validation.format.email', 'Enter an email address, like name@school.co.za');
    case 'url':
      return wordMessage('validation.format.url', 'Enter a web address, like https://www.example.org');
    case 'datetime':
      return wordMessage('validation.format.datetime', 'Enter a date and time');
    case 'date':
      return enterDate();
    case 'time':
      return wordMessage('validation.format.time', 'Enter a time');
    case 'uuid':
    case 'guid':
      return wordMessage('validation.format.link', 'This link is not valid');
    case 'starts_with':
    case 'ends_with':
    case 'includes':
    case 'regex':
    default:
      return wordMessage('validation.format.other', 'This is not in the form expected here');
  }
}

function invalidValue(issue: Extract<Issue, { code: 'invalid_value' }>): string {
  const shown = issue.values.filter((v) => typeof v === 'string' || typeof v === 'number');
  if (shown.length === 1) {
    return wordMessage('validation.value.only', `This can only be ${String(shown[0])}`, { value: String(shown[0]) });
  }
  if (shown.length > 1 && shown.length <= 6) {
    const values = shown.join(', ');
    return wordMessage('validation.value.oneOf', `Choose one of: ${values}`, { values });
  }
  return wordMessage('validation.value.options', 'Choose one of the options');
}

function unrecognizedKeys(issue: Extract<Issue, { code: 'unrecognized_keys' }>): string {
  if (issue.keys.length === 1) {
    const key = String(issue.keys[0]);
    return wordMessage('validation.keys.one', `“${key}” is not something that can be sent here`, { key });
  }
  const keys = issue.keys.map((k) => `“${k}”`).join(', ');
  return wordMessage('validation.keys.many', `These cannot be sent here: ${keys}`, { keys });
}

/** The product's message for a zod issue that its schema did not word itself. */
export function messageForPeople(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return invalidType(issue);
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return invalidFormat(issue);
    case 'not_multiple_of': {
      const divisor = figure(Number(issue.divisor));
      return wordMessage('validation.multipleOf', `Enter a multiple of ${divisor}`, { divisor });
    }
    case 'unrecognized_keys':
      return unrecognizedKeys(issue);
    case 'invalid_value':
      return invalidValue(issue);
    case 'invalid_key':
    case 'invalid_element':
    case 'invalid_union':
    case 'custom':
    default:
      return cannotUse();
  }
}

/** The zod error map (`z.config({ customError })`): every issue a schema did not word gets a person's message. */
export const customError: z.core.$ZodErrorMap = (issue) => messageForPeople(issue);
