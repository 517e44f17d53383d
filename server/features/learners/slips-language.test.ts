import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfDocumentText } from '../../platform/pdf-fonts-testing.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';
import { forbiddenFor, unauthenticated } from '../../test/endpoint.js';

/**
 * A school's sign-in slips are printed in the olympiad's default language (decision 095): afr-demo's, written in
 * Afrikaans only, in Afrikaans; geo-demo's, English first, in English, whatever the teacher's own language.
 */
let server: TestServer;
let demo: DemoIds;
let afrDemo: number;
let teacher: string;

beforeAll(async () => {
  server = await startTestServer({ env: { JOBS_WORKER: 'false' } });
  demo = await demoIds(server);
  const [afr] = await server.query<{ id: number }>`select id from olympiads where var_name = 'afr-demo'`;
  afrDemo = afr!.id;
  teacher = (await server.signIn('teacher')).accessToken.token;
});
afterAll(() => server?.close());

/** One learner of the teacher's school in the olympiad, so the page is not full and its labels are drawn on it. */
async function oneLearner(olympiadId: number): Promise<{ id: number; username: string }> {
  const [row] = await server.query<{ id: number; username: string }>`
    select id, username from users
    where role = 'learner' and olympiad_id = ${olympiadId} and school_id = ${demo.school1} order by id limit 1`;
  return row!;
}

async function slips(olympiadId: number, ids: number[], headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/learner/v-rest/slips.pdf?olympiadId=${olympiadId}&ids=${ids.join(',')}`, {
    headers: { authorization: `Bearer ${teacher}`, ...headers },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await res.arrayBuffer());
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return { text: await pdfDocumentText(bytes), title: doc.getTitle() ?? '' };
}

describe('GET /learner/v-rest/slips.pdf in the olympiad’s default language', () => {
  it('401 without a token, 403 for the roles that print no slips', async () => {
    const call = (olympiadId: number) => (c: Awaited<ReturnType<TestServer['as']>>) =>
      c.get('/learner/v-rest/slips.pdf', { query: { olympiadId } });
    await unauthenticated(server, call(afrDemo));
    await forbiddenFor(server, ['learner1', 'accountant', 'funding'], call(demo.geoDemo));
  });

  it('afr-demo (Afrikaans only): every fixed word in Afrikaans, even for a teacher who reads English', async () => {
    const learner = await oneLearner(afrDemo);
    const { text, title } = await slips(afrDemo, [learner.id], { 'accept-language': 'en-ZA' });
    expect(title).toMatch(/^Aanmeldstrokies — .+ — Afrikaans Olimpiade/);
    expect(text).toContain(learner.username);
    for (const word of ['Gebruikersnaam', 'Wagwoord', 'Meld aan by http://olympus.test/afr-demo/login', 'Graad '])
      expect(text).toContain(word);
    expect(text).toContain('Hou hierdie strokie vir jouself');
    for (const word of ['Username', 'Password', 'Sign in at', 'Grade ', 'Keep this slip'])
      expect(text).not.toContain(word);
  });

  it('geo-demo (English first, Afrikaans offered): in English, even for a teacher who reads Afrikaans', async () => {
    const learner = await oneLearner(demo.geoDemo);
    const { text, title } = await slips(demo.geoDemo, [learner.id], { 'accept-language': 'af-ZA,af;q=0.9' });
    expect(title).toMatch(/^Sign-in slips — /);
    expect(text).toContain(learner.username);
    for (const word of ['Username', 'Password', 'Sign in at http://olympus.test/geo-demo/login', 'Grade '])
      expect(text).toContain(word);
    for (const word of ['Gebruikersnaam', 'Wagwoord', 'Meld aan by', 'Graad ']) expect(text).not.toContain(word);
  });

  it('follows the default language when it changes: geo-demo with Afrikaans first prints in Afrikaans', async () => {
    const learner = await oneLearner(demo.geoDemo);
    await server.query`update olympiads set default_language = 'af' where id = ${demo.geoDemo}`;
    try {
      const { text } = await slips(demo.geoDemo, [learner.id]);
      expect(text).toContain('Gebruikersnaam');
      expect(text).not.toContain('Username');
    } finally {
      await server.query`update olympiads set default_language = 'en' where id = ${demo.geoDemo}`;
    }
  });
});
