import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectList, OlympiadResult, WatchResult } from '#contract/public';
import { createOlympiad } from '../../seed/factories.js';
import { type TestServer, startTestServer } from '../../test/harness.js';

/**
 * The public olympiad says which languages it is offered in and which one a learner starts in (decision 090), so the
 * olympiad's sign-in page offers those: geo-demo English and Afrikaans, English first; afr-demo Afrikaans alone.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('GET /olympus-suite/api/projects/, the olympiads’ languages', () => {
  it('answers geo-demo in en and af (en the default) and afr-demo in af alone, as the rows hold them', async () => {
    const res = await server.anonymous().get('/olympus-suite/api/projects/', { schema: ProjectList });
    expect(res.status).toBe(200);
    const olympiads = res.body.items.flatMap((p) => p.olympiads);
    expect(olympiads.find((o) => o.varName === 'geo-demo')).toMatchObject({
      languages: ['en', 'af'],
      defaultLanguage: 'en',
    });
    expect(olympiads.find((o) => o.varName === 'afr-demo')).toMatchObject({ languages: ['af'], defaultLanguage: 'af' });
    const stored = await server.query<{ var_name: string; languages: string[]; default_language: string }>`
      select var_name, languages, default_language from olympiads order by id`;
    for (const row of stored) {
      const o = olympiads.find((x) => x.varName === row.var_name);
      if (o) expect(o, row.var_name).toMatchObject({ languages: row.languages, defaultLanguage: row.default_language });
    }
  });
});

describe('GET /website/api/olympiad/{id}, what the sign-in page reads', () => {
  it('answers each olympiad’s languages and default by its name', async () => {
    const client = server.anonymous();
    const geo = await client.get('/website/api/olympiad/geo-demo', { schema: OlympiadResult });
    expect(geo.status).toBe(200);
    expect(geo.body.olympiad).toMatchObject({ varName: 'geo-demo', languages: ['en', 'af'], defaultLanguage: 'en' });
    const afr = await client.get('/website/api/olympiad/afr-demo', { schema: OlympiadResult });
    expect(afr.body.olympiad).toMatchObject({ varName: 'afr-demo', languages: ['af'], defaultLanguage: 'af' });
  });

  it('answers a default that is not the first language offered as the row holds it', async () => {
    const both = await createOlympiad(server.db, {
      varName: 'public-af-first',
      languages: ['en', 'af'],
      defaultLanguage: 'af',
    });
    const res = await server.anonymous().get(`/website/api/olympiad/${both.id}`, { schema: OlympiadResult });
    expect(res.body.olympiad).toMatchObject({ languages: ['en', 'af'], defaultLanguage: 'af' });
  });
});

describe('GET /website/api/watch, the olympiads to come', () => {
  it('names a coming olympiad’s languages as the list does', async () => {
    await createOlympiad(server.db, {
      varName: 'public-coming-af',
      languages: ['af'],
      defaultLanguage: 'af',
      startsAt: new Date(Date.now() + 86_400_000),
      endsAt: new Date(Date.now() + 2 * 86_400_000),
    });
    const res = await server.anonymous().get('/website/api/watch', { schema: WatchResult });
    expect(res.status).toBe(200);
    expect(res.body.coming.find((o) => o.varName === 'public-coming-af')).toMatchObject({
      languages: ['af'],
      defaultLanguage: 'af',
    });
  });
});
