import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gradeWithin } from '#contract/grades';
import { EoiBody } from '#contract/schools';
import { LearnerDetailsBody } from '#contract/sitting';
import { prepareLocale } from './i18n/index.js';

/**
 * The forms' messages of a refused value in the page's language (decision 097): zod's error map and the schemas'
 * own messages both word through the validation catalogue, English exactly as before.
 */
const messages = (schema: z.ZodType, value: unknown) =>
  Object.fromEntries(schema.safeParse(value).error!.issues.map((i) => [i.path.join('.') || '(root)', i.message]));

const details = { firstName: '', lastName: 'x'.repeat(101), grade: 13, extra: 1 };
const eoi = { olympiadId: 1, schoolName: 'A', province: 'Gauteng', town: 'Pretoria', teacherFirstName: 'T' };

describe('zod as the web app words it', () => {
  it('speaks English on an English page, as it always did', () => {
    expect(messages(LearnerDetailsBody, details)).toEqual({
      firstName: 'Enter your first name',
      lastName: 'Use at most 100 characters',
      grade: 'Enter 12 or less',
      '(root)': '“extra” is not something that can be sent here',
    });
    expect(messages(gradeWithin({ minGrade: 8, maxGrade: 12 }), 7)).toEqual({
      '(root)': 'This olympiad is for grades 8 to 12',
    });
  });

  it('speaks Afrikaans on an Afrikaans page, the schemas’ own messages too', async () => {
    await prepareLocale('af');
    expect(messages(LearnerDetailsBody, details)).toEqual({
      firstName: 'Vul jou voornaam in',
      lastName: 'Gebruik hoogstens 100 karakters',
      grade: 'Vul 12 of minder in',
      '(root)': '“extra” kan nie hierheen gestuur word nie',
    });
    expect(messages(gradeWithin({ minGrade: 8, maxGrade: 12 }), 7)).toEqual({
      '(root)': 'Hierdie olimpiade is vir grade 8 tot 12',
    });
    expect(messages(EoiBody, eoi)).toMatchObject({
      schoolName: 'Vul die skool se naam in',
      teacherLastName: 'Vul dit in',
      teacherEmail: 'Vul dit in',
    });
  });

  it('follows the page when it switches back', async () => {
    await prepareLocale('af');
    await prepareLocale('en');
    expect(messages(EoiBody, eoi)).toMatchObject({ schoolName: 'Enter the school’s name' });
  });
});
