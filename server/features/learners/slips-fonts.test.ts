import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfDocumentText, pdfFonts } from '../../platform/pdf-fonts-testing.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';
import { slipsPdf } from './slips.js';

/**
 * Sign-in slips print in one embedded face (Source Sans 3, decision 095): every word, name and accent alike, so a
 * slip never changes typeface between the labels and a name such as Zoë Müller or Nguyễn.
 */
let server: TestServer;
let demo: DemoIds;
const names = [
  ['Zoë', 'Müller'],
  ['Thị Hồng', 'Nguyễn'],
  ['Anré', 'O’Neill-Strydom'],
  ['Ilsê', 'Coetzêe'],
] as const;

beforeAll(async () => {
  server = await startTestServer({ env: { JOBS_WORKER: 'false' } });
  demo = await demoIds(server);
  for (const [i, [first, last]] of names.entries())
    await server.db.execute(sql`
      insert into users (role, username, first_name, last_name, password_hash, olympiad_id, school_id, grade)
      values ('learner', ${`fonts-${i}`}, ${first}, ${last}, 'x', ${demo.geoDemo}, ${demo.school1}, 10)`);
});
afterAll(() => server?.close());

const onlySourceSans = (fonts: Awaited<ReturnType<typeof pdfFonts>>) => {
  expect(fonts.length).toBeGreaterThan(0);
  for (const f of fonts) {
    expect(f.baseFont).toMatch(/^SourceSans3-(Regular|Bold)/);
    expect(f.embedded).toBe(true);
    expect(f.subtype).toBe('Type0');
  }
};

describe('GET /learner/v-rest/slips.pdf, the typeface', () => {
  it('embeds Source Sans 3 alone, and the names with their accents read back as written', async () => {
    const res = await fetch(`${server.url}/learner/v-rest/slips.pdf?olympiadId=${demo.geoDemo}`, {
      headers: { authorization: `Bearer ${(await server.signIn('teacher')).accessToken.token}` },
    });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    onlySourceSans(await pdfFonts(bytes));
    const text = await pdfDocumentText(bytes);
    for (const [first, last] of names) expect(text).toContain(`${first} ${last}`);
    expect(text).not.toContain('?');
  });
});

describe('slipsPdf in the olympiad’s language', () => {
  const slips = [{ firstName: 'Zoë', lastName: 'Müller', grade: 9, username: 'zmuller', password: null }];
  const ctx = {
    olympiadTitle: 'Aardrykskunde-olimpiade',
    schoolName: 'Hoërskool Waterkloof',
    signInUrl: 'https://o.example/geo/login',
    manager: 'teacher',
  };

  it('English by default: the labels as before', async () => {
    const text = await pdfDocumentText(await slipsPdf(slips, ctx));
    expect(text).toContain('Zoë Müller');
    expect(text).toContain('Grade 9');
    expect(text).toContain('ask your teacher');
    // The labels shared by every slip are drawn on the page when it is not full.
    expect(text).toContain('Username');
    expect(text).toContain('Sign in at https://o.example/geo/login');
  });

  it('Afrikaans: every fixed word, in the same embedded face', async () => {
    const bytes = await slipsPdf(slips, { ...ctx, language: 'af' });
    onlySourceSans(await pdfFonts(bytes));
    const text = await pdfDocumentText(bytes);
    expect(text).toContain('Gebruikersnaam');
    expect(text).toContain('Wagwoord');
    expect(text).toContain('Graad 9');
    expect(text).toContain('vra jou onderwyser');
    expect(text).toContain('Meld aan by https://o.example/geo/login');
    expect(text).toContain('Hou hierdie strokie vir jouself: moenie jou wagwoord met iemand deel nie.');
    expect(text).not.toContain('Username');
  });
});
