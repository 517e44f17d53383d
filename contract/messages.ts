import type { z } from 'zod';
import { count, figure } from './numbers.js';

/**
 * What a person reads when a value is refused: the one zod error map of the product, installed by the server
 * (`server/app.ts`, for the error shape's `details`) and by the web app (`web/src/lib/zod-config.ts`, for the
 * forms that check in the browser before sending). A schema's own message (`.min(1, 'Enter the first name')`)
 * still wins; this writes every other one, so zod's own words ("Too big: expected string to have <=100
 * characters") never reach anyone.
 */

type Issue = z.core.$ZodRawIssue;

function invalidType(issue: Extract<Issue, { code: 'invalid_type' }>): string {
  if (issue.input === undefined || issue.input === null || issue.input === '') return 'Fill this in';
  switch (issue.expected) {
    case 'int':
      return 'Enter a whole number';
    case 'number':
    case 'bigint':
      return 'Enter a number';
    case 'string':
      return 'Enter text';
    case 'boolean':
      return 'Choose yes or no';
    case 'date':
      return 'Enter a date';
    case 'array':
    case 'set':
      return 'Choose from the list';
    case 'object':
    case 'record':
    case 'map':
      return 'Fill in every part of this';
    default:
      return 'This value cannot be used here';
  }
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const { maximum: max, inclusive = true, origin } = issue;
  switch (origin) {
    case 'string':
      return `Use at most ${count(inclusive ? max : Number(max) - 1, 'character')}`;
    case 'number':
    case 'int':
    case 'bigint':
      return inclusive ? `Enter ${figure(max)} or less` : `Enter less than ${figure(max)}`;
    case 'array':
    case 'set':
      return `Choose at most ${figure(inclusive ? max : Number(max) - 1)}`;
    case 'date':
      return 'Choose an earlier date';
    case 'file':
      return 'This file is too large';
    default:
      return 'This is too large';
  }
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const { minimum: min, inclusive = true, origin } = issue;
  switch (origin) {
    case 'string':
      return Number(min) <= 1 ? 'Fill this in' : `Use at least ${count(min, 'character')}`;
    case 'number':
    case 'int':
    case 'bigint':
      return inclusive ? `Enter ${figure(min)} or more` : `Enter more than ${figure(min)}`;
    case 'array':
    case 'set':
      return Number(min) <= 1 ? 'Choose at least one' : `Choose at least ${figure(min)}`;
    case 'date':
      return 'Choose a later date';
    default:
      return 'This is too small';
  }
}

function invalidFormat(issue: Extract<Issue, { code: 'invalid_format' }>): string {
  switch (issue.format) {
    case 'email':
      return 'Enter an email address, like name@school.co.za';
    case 'url':
      return 'Enter a web address, like https://www.example.org';
    case 'datetime':
      return 'Enter a date and time';
    case 'date':
      return 'Enter a date';
    case 'time':
      return 'Enter a time';
    case 'uuid':
    case 'guid':
      return 'This link is not valid';
    case 'starts_with':
    case 'ends_with':
    case 'includes':
    case 'regex':
    default:
      return 'This is not in the form expected here';
  }
}

function invalidValue(issue: Extract<Issue, { code: 'invalid_value' }>): string {
  const shown = issue.values.filter((v) => typeof v === 'string' || typeof v === 'number');
  if (shown.length === 1) return `This can only be ${String(shown[0])}`;
  if (shown.length > 1 && shown.length <= 6) return `Choose one of: ${shown.join(', ')}`;
  return 'Choose one of the options';
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
    case 'not_multiple_of':
      return `Enter a multiple of ${figure(Number(issue.divisor))}`;
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `“${issue.keys[0]}” is not something that can be sent here`
        : `These cannot be sent here: ${issue.keys.map((k) => `“${k}”`).join(', ')}`;
    case 'invalid_value':
      return invalidValue(issue);
    case 'invalid_key':
    case 'invalid_element':
    case 'invalid_union':
    case 'custom':
    default:
      return 'This value cannot be used here';
  }
}

/** The zod error map (`z.config({ customError })`): every issue a schema did not word gets a person's message. */
export const customError: z.core.$ZodErrorMap = (issue) => messageForPeople(issue);
