import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../test/harness.js';
import { pdfDocumentText, pdfFonts, pdfTextRuns } from '../../platform/pdf-fonts-testing.js';
import { ordinal, valuesOf } from './pdf-values.js';
import { addResults, demo, download, publish, runJobs, server, useCertificatesServer, waterkloof } from './testing.js';

/**
 * A certificate is worded in the language its learner wrote in (decision 095): the attempt's language, else the
 * olympiad's default. The template's default wordings, the grade, the date and the title follow it; names, the
 * school and the award the organiser named print as they are, in the same embedded faces.
 */
useCertificatesServer();

let admin: Client;
let pages: string[];

beforeAll(async () => {
  admin = await server.as('admin');
  const [ilse, zoe] = (await addResults(demo.geoDemo, waterkloof, [
    { first: 'Ilsê', last: 'Coetzêe', grade: 10, score: 20, award: 'participation' },
    { first: 'Zoë', last: 'Müller', grade: 11, score: 48, award: 'gold', best: true },
    { first: 'Thị', last: 'Nguyễn', grade: 12, score: 21, award: 'participation' },
  ])) as [{ userId: number; attemptId: number }, { userId: number; attemptId: number }];
  await server.query`update attempts set language = 'af' where id in (${ilse.attemptId}, ${zoe.attemptId})`;
  await publish(demo.geoDemo);
  expect((await admin.post('/certificates/generate', { query: { olympiadId: demo.geoDemo } })).status).toBe(202);
  await runJobs();
  const pdf = await download(admin.token, `/certificates/school/${waterkloof}/pdf`);
  expect(pdf.status).toBe(200);
  pages = (await pdfTextRuns(pdf.bytes)).map((runs) => runs.map((r) => r.text).join('\n'));
  for (const f of await pdfFonts(pdf.bytes)) expect(f.embedded).toBe(true);
  expect(await pdfDocumentText(pdf.bytes)).not.toContain('?');
});

describe('certificates in the learner’s language', () => {
  it('an Afrikaans learner’s certificate is worded in Afrikaans, names and accents as written', () => {
    const ilse = pages.find((p) => p.includes('Ilsê Coetzêe'))!;
    expect(ilse).toContain('Deelnamesertifikaat');
    expect(ilse).toContain('Hiermee word verklaar dat');
    expect(ilse).toContain('het deelgeneem aan die');
    expect(ilse).toContain('Graad 10');
    expect(ilse).toContain('Datum');
    expect(ilse).toContain('Organiseerder');
    expect(ilse).toMatch(/Sertifikaat [A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]+ · verifieer by /);
    expect(ilse).not.toContain('Certificate of');
    const zoe = pages.find((p) => p.includes('Zoë Müller'))!;
    expect(zoe).toContain('Prestasiesertifikaat');
    expect(zoe).toContain('ontvang');
    expect(zoe).toContain('Graad 11');
  });

  it('a learner with no language kept writes in the olympiad’s default, English, worded as before', () => {
    const thi = pages.find((p) => p.includes('Thị Nguyễn'))!;
    expect(thi).toContain('Certificate of Participation');
    expect(thi).toContain('This is to certify that');
    expect(thi).toContain('Grade 12');
    expect(thi).not.toContain('Graad');
  });
});

describe('the values a certificate prints', () => {
  const print = {
    kind: 'award',
    learnerName: 'Zoë',
    schoolName: 'Hoërskool',
    grade: 9,
    awardLabel: 'Goud',
    score: 38,
    maxScore: 40,
    percent: 95,
    percentile: 98,
    rank: 2,
    olympiadTitle: 'Olimpiade',
    issuedAt: new Date('2027-03-02T23:30:00Z'), // 3 March on the olympiad's calendar (UTC+2)
    code: 'ABCDEFGHJK',
    verifyUrl: 'https://o.example/verify/ABCDEFGHJK',
  };

  it('in Afrikaans: date, score, place and percentile', () => {
    expect(valuesOf({ ...print, language: 'af' })).toMatchObject({
      grade: 'Graad 9',
      score: '38 uit 40',
      rank: '2de plek',
      percentile: '98ste persentiel',
      date: '3 Maart 2027',
    });
  });

  it('in English as before', () => {
    expect(valuesOf(print)).toMatchObject({
      grade: 'Grade 9',
      score: '38 out of 40',
      rank: '2nd place',
      percentile: '98th percentile',
      date: '3 March 2027',
    });
  });

  it('Afrikaans ordinals: -ste for 1, 8 and from 20, else -de', () => {
    expect([1, 2, 3, 8, 9, 11, 19, 20, 21, 100, 102, 108].map((n) => ordinal(n, 'af'))).toEqual([
      '1ste',
      '2de',
      '3de',
      '8ste',
      '9de',
      '11de',
      '19de',
      '20ste',
      '21ste',
      '100ste',
      '102de',
      '108ste',
    ]);
  });
});
