import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EoiBody } from '#contract/schools';
import { LearnerInput } from '#contract/learners';
import { setMessageTranslator } from '#contract/messages';
import { type ServerMessageId, translate } from '../platform/i18n.js';
import { contractTranslator } from './request-language.js';
import { type TestServer, startTestServer } from '../test/harness.js';

/**
 * What a form is told of a refused value speaks the request's language (decision 097): the same invalid body
 * answers English details without Accept-Language and Afrikaans with `Accept-Language: af`, and the English the
 * contract writes is, word for word, the English catalogue's.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const detailsOf = (body: { details?: Array<{ path: string; message: string }> }) =>
  Object.fromEntries((body.details ?? []).map((d) => [d.path, d.message]));

const badEoi = {
  olympiadId: 'one',
  schoolName: 'A',
  province: 'Atlantis',
  town: '',
  teacherFirstName: '',
  teacherLastName: 'x'.repeat(101),
  teacherEmail: 'not-an-address',
  learnerEstimate: 0,
  surprise: true,
};

describe('validation details in the request’s language', () => {
  it('answers the public form’s refused values in English, and the same body in Afrikaans when asked', async () => {
    const english = await server.anonymous().post('/website/api/eoi', { body: badEoi });
    expect(english.status).toBe(400);
    expect(detailsOf(english.body)).toMatchObject({
      'body.olympiadId': 'Choose the olympiad',
      'body.schoolName': 'Enter the school’s name',
      'body.province': 'Choose the province',
      'body.town': 'Enter the town',
      'body.teacherFirstName': 'Enter your first name',
      'body.teacherLastName': 'Use at most 100 characters',
      'body.teacherEmail': 'Enter a valid email address',
      'body.learnerEstimate': 'At least 1 learner',
      body: '“surprise” is not something that can be sent here',
    });
    const afrikaans = await server
      .anonymous()
      .post('/website/api/eoi', { body: badEoi, headers: { 'accept-language': 'af-ZA,af;q=0.9,en;q=0.8' } });
    expect(afrikaans.status).toBe(400);
    expect(detailsOf(afrikaans.body)).toMatchObject({
      'body.olympiadId': 'Kies die olimpiade',
      'body.schoolName': 'Vul die skool se naam in',
      'body.province': 'Kies die provinsie',
      'body.town': 'Vul die dorp in',
      'body.teacherFirstName': 'Vul u voornaam in',
      'body.teacherLastName': 'Gebruik hoogstens 100 karakters',
      'body.teacherEmail': 'Vul ’n geldige e-posadres in',
      'body.learnerEstimate': 'Ten minste 1 leerder',
      body: '“surprise” kan nie hierheen gestuur word nie',
    });
    expect(Object.keys(detailsOf(afrikaans.body)).sort()).toEqual(Object.keys(detailsOf(english.body)).sort());
  });

  it('words a signed-in teacher’s form in their page’s language too, and English again on the next request', async () => {
    const teacher = await server.as('teacher');
    const body = { language: 'af', colour: 'blue' };
    const af = await teacher.put('/api/me/language', { body, headers: { 'accept-language': 'af' } });
    expect(af.status).toBe(400);
    expect(af.body.details[0].message).toBe('“colour” kan nie hierheen gestuur word nie');
    const en = await teacher.put('/api/me/language', { body });
    expect(en.body.details[0].message).toBe('“colour” is not something that can be sent here');
  });
});

describe('the English the contract writes', () => {
  it('is the English catalogue’s, for every message the error map and the schemas word', () => {
    const seen: Array<{ id: string; values?: Record<string, string | number> }> = [];
    setMessageTranslator((id, values) => {
      seen.push({ id, values });
      return undefined;
    });
    try {
      const schemas: Array<[z.ZodType, unknown]> = [
        [z.strictObject({ a: z.string().min(1) }), { a: '', b: 1, c: 2 }],
        [z.strictObject({ a: z.string() }), { a: '', b: 1 }],
        [z.string().min(5), 'abc'],
        [z.string().max(1), 'abc'],
        [z.string().max(1000), 'x'.repeat(1001)],
        [z.number().int(), 1.5],
        [z.number(), 'x'],
        [z.number(), undefined],
        [z.string(), 3],
        [z.boolean(), 3],
        [z.array(z.number()), 3],
        [z.object({}), 3],
        [z.number().max(10), 11],
        [z.number().lt(10), 11],
        [z.number().min(1500), 1],
        [z.number().gt(10), 1],
        [z.array(z.number()).max(2), [1, 2, 3]],
        [z.array(z.number()).min(1), []],
        [z.array(z.number()).min(3), [1]],
        [z.date().max(new Date(0)), new Date()],
        [z.date().min(new Date()), new Date(0)],
        [z.email(), 'x'],
        [z.url(), 'x'],
        [z.iso.datetime(), 'x'],
        [z.iso.date(), 'x'],
        [z.iso.time(), 'x'],
        [z.uuid(), 'x'],
        [z.string().regex(/^a$/), 'b'],
        [z.number().multipleOf(5), 3],
        [z.literal('a'), 'b'],
        [z.enum(['a', 'b', 'c']), 'd'],
        [z.enum(['a', 'b', 'c', 'd', 'e', 'f', 'g']), 'z'],
        [z.union([z.string(), z.number()]), true],
        [EoiBody, { ...badEoi, learnerEstimate: 6000 }],
        [LearnerInput, { firstName: '', lastName: '', grade: 'x', dateOfBirth: '2020-02-31' }],
      ];
      const worded: string[] = [];
      for (const [schema, value] of schemas) {
        const result = schema.safeParse(value);
        expect(result.success).toBe(false);
        for (const issue of result.error!.issues) worded.push(issue.message);
      }
      expect(seen.length).toBeGreaterThan(30);
      expect(new Set(seen.map((s) => s.id)).size).toBeGreaterThan(25);
      // The messages were worded in the order they were asked for: each one is its catalogue entry's English.
      const english = seen.map((s) => translate('en', s.id as ServerMessageId, s.values));
      for (const text of english) expect(worded).toContain(text);
      for (const s of seen) expect(translate('en', s.id as ServerMessageId, s.values), s.id).not.toBe(s.id);
    } finally {
      setMessageTranslator(contractTranslator);
    }
  });
});

describe('the API’s messages to a teacher’s pages in the request’s language', () => {
  it('answers another school’s learner as not found, in English or Afrikaans, and removes nothing', async () => {
    const teacher = await server.as('teacher');
    const before = await server.query`select count(*)::int as n from users`;
    const en = await teacher.delete('/learner/v-rest/999999');
    expect(en.status).toBe(404);
    expect(en.body.message).toBe('This learner was not found');
    const af = await teacher.delete('/learner/v-rest/999999', { headers: { 'accept-language': 'af' } });
    expect(af.status).toBe(404);
    expect(af.body).toMatchObject({ message: 'Hierdie leerder is nie gevind nie', code: 'not_found' });
    expect(await server.query`select count(*)::int as n from users`).toEqual(before);
  });

  it('says “sign in” in the request’s language', async () => {
    const af = await server.anonymous().get('/api/auth/me', { headers: { 'accept-language': 'af' } });
    expect(af.status).toBe(401);
    const en = await server.anonymous().get('/api/auth/me');
    expect(en.body.message).toBe('Please sign in to continue');
    expect(af.body.message).toMatch(/^(Meld asseblief aan om voort te gaan|Please sign in to continue)$/);
  });
});
