import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectError,
  expectRowsUnchanged,
  forbiddenFor,
  notFoundUnchanged,
  unauthenticated,
} from '../../test/endpoint.js';
import type { Client } from '../../test/harness.js';
import { pdfPagesText } from '../../test/pdf.js';
import { defaultConfig } from './config.js';
import {
  addResults,
  demo,
  download,
  other,
  publish,
  runJobs,
  server,
  useCertificatesServer,
  waterkloof,
} from './testing.js';

/**
 * One certificate downloaded on its own is worded as the school's batch words it, in the language its learner wrote
 * in (decision 095); the designer's preview in the language asked for, else the olympiad's default.
 */
useCertificatesServer();

const certificateRows = 'select * from certificates order by id';
const configRows = 'select * from certificate_configs order by olympiad_id';

let admin: Client;
let overlord: Client;
/** Certificate ids: Ilsê wrote in Afrikaans, Thabo in English, Zoë kept no language (geo-demo's default, English). */
let ilse: number;
let thabo: number;
let zoe: number;
let otherCertificate: number;
let afrDemo: number;

const certificateOf = async (attemptId: number) =>
  (await server.query<{ id: number }>`select id from certificates where attempt_id = ${attemptId}`)[0]!.id;

beforeAll(async () => {
  admin = await server.as('admin');
  overlord = await server.as('overlord');
  const [a, b, c] = await addResults(demo.geoDemo, waterkloof, [
    { first: 'Ilsê', last: 'Coetzêe', grade: 10, score: 20, award: 'participation' },
    { first: 'Thabo', last: 'Nkosi', grade: 11, score: 22, award: 'participation' },
    { first: 'Zoë', last: 'Müller', grade: 12, score: 21, award: 'participation' },
  ]);
  await server.query`update attempts set language = 'af' where id = ${a!.attemptId}`;
  await server.query`update attempts set language = 'en' where id = ${b!.attemptId}`;
  await publish(demo.geoDemo);
  expect((await admin.post('/certificates/generate', { query: { olympiadId: demo.geoDemo } })).status).toBe(202);
  expect((await overlord.post('/certificates/generate', { query: { olympiadId: other.olympiadId } })).status).toBe(202);
  await runJobs();
  ilse = await certificateOf(a!.attemptId);
  thabo = await certificateOf(b!.attemptId);
  zoe = await certificateOf(c!.attemptId);
  otherCertificate = (
    await server.query<{ id: number }>`select id from certificates where olympiad_id = ${other.olympiadId}`
  )[0]!.id;
  afrDemo = (await server.query<{ id: number }>`select id from olympiads where var_name = 'afr-demo'`)[0]!.id;
});

const pageOf = async (token: string | null, path: string) => {
  const pdf = await download(token, path);
  expect(pdf.status).toBe(200);
  expect(pdf.type).toBe('application/pdf');
  const [page] = await pdfPagesText(pdf.bytes);
  return page!;
};

describe('GET /certificates/{id}/pdf in the learner’s language', () => {
  it('401 without a token, 403 for learners and finance staff, 404 for another olympiad’s certificate', async () => {
    const call = (c: Client) => c.get(`/certificates/${ilse}/pdf`);
    await unauthenticated(server, call);
    await forbiddenFor(server, ['learner1', 'accountant', 'funding'], call);
    await notFoundUnchanged(server, certificateRows, admin, (c) => c.get(`/certificates/${otherCertificate}/pdf`));
  });

  it('the learner who wrote in Afrikaans: the certificate in Afrikaans, for the admin and the teacher alike', async () => {
    for (const token of [admin.token, (await server.as('teacher')).token]) {
      const page = await pageOf(token, `/certificates/${ilse}/pdf`);
      expect(page).toContain('Ilsê Coetzêe');
      expect(page).toContain('Deelnamesertifikaat');
      expect(page).toContain('Hiermee word verklaar dat');
      expect(page).toContain('Graad 10');
      expect(page).toMatch(/Sertifikaat [A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]+ · verifieer by /);
      expect(page).not.toContain('Certificate of');
      expect(page).not.toContain('Grade 10');
    }
  });

  it('the learner who wrote in English, and one who kept no language (geo-demo’s default): in English', async () => {
    for (const [id, name, grade] of [
      [thabo, 'Thabo Nkosi', 11],
      [zoe, 'Zoë Müller', 12],
    ] as const) {
      const page = await pageOf(admin.token, `/certificates/${id}/pdf`);
      expect(page).toContain(name);
      expect(page).toContain('Certificate of Participation');
      expect(page).toContain(`Grade ${grade}`);
      expect(page).not.toContain('Graad');
    }
  });

  it('follows the olympiad’s default for a learner with no language kept: Afrikaans once geo-demo starts in it', async () => {
    await server.query`update olympiads set default_language = 'af' where id = ${demo.geoDemo}`;
    try {
      expect(await pageOf(admin.token, `/certificates/${zoe}/pdf`)).toContain('Deelnamesertifikaat');
      expect(await pageOf(admin.token, `/certificates/${thabo}/pdf`)).toContain('Certificate of Participation');
    } finally {
      await server.query`update olympiads set default_language = 'en' where id = ${demo.geoDemo}`;
    }
  });
});

describe('POST /olympiad/certificate-config/{id}/preview?language=', () => {
  const preview = (id: number, language?: string) => (c: Client) =>
    c.post(`/olympiad/certificate-config/${id}/preview`, { query: { language }, body: { config: defaultConfig() } });
  const previewPage = async (c: Client, id: number, language?: string) => {
    const res = await fetch(
      `${server.url}/olympiad/certificate-config/${id}/preview${language ? `?language=${language}` : ''}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ config: defaultConfig(), kind: 'participation' }),
      },
    );
    expect(res.status).toBe(200);
    return (await pdfPagesText(new Uint8Array(await res.arrayBuffer())))[0]!;
  };

  it('401 without a token, 403 for teachers, learners and finance staff, 404 for another olympiad', async () => {
    await unauthenticated(server, preview(demo.geoDemo, 'af'));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], preview(demo.geoDemo, 'af'));
    await notFoundUnchanged(server, configRows, admin, preview(other.olympiadId, 'af'));
    await notFoundUnchanged(server, configRows, admin, preview(afrDemo));
  });

  it('400 for a language that is none of Olympus’s, or one the olympiad does not offer', async () => {
    const fr = await expectRowsUnchanged(server, configRows, () => preview(demo.geoDemo, 'fr')(admin));
    expectError(fr, 400);
    expect(fr.body.details[0].path).toMatch(/language/);
    const en = await expectRowsUnchanged(server, configRows, () => preview(afrDemo, 'en')(overlord));
    expectError(en, 400);
    expect(en.body.details).toEqual([{ path: 'query.language', message: 'This olympiad is not offered in English' }]);
  });

  it('without a language: the olympiad’s default, English for geo-demo and Afrikaans for afr-demo', async () => {
    const geo = await previewPage(admin, demo.geoDemo);
    expect(geo).toContain('Certificate of Participation');
    expect(geo).toContain('This is to certify that');
    expect(geo).not.toContain('Deelnamesertifikaat');
    const afr = await previewPage(overlord, afrDemo);
    expect(afr).toContain('Deelnamesertifikaat');
    expect(afr).toContain('Hiermee word verklaar dat');
    expect(afr).toMatch(/Graad \d+/);
    expect(afr).not.toContain('Certificate of');
  });

  it('language=af and language=en: the same design in each language geo-demo offers', async () => {
    const af = await previewPage(admin, demo.geoDemo, 'af');
    expect(af).toContain('Deelnamesertifikaat');
    expect(af).toContain('het deelgeneem aan die');
    expect(af).toMatch(/Graad \d+/);
    expect(af).not.toContain('Certificate of');
    const en = await previewPage(admin, demo.geoDemo, 'en');
    expect(en).toContain('Certificate of Participation');
    expect(en).toMatch(/Grade \d+/);
  });
});
