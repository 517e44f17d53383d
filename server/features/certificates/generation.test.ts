import { beforeAll, describe, expect, it } from 'vitest';
import { certificateCodeAlphabet, GenerationStatus, SchoolCertificates, SendStatus } from '#contract/certificates';
import {
  expectError,
  expectRowsUnchanged,
  forbiddenFor,
  notFoundUnchanged,
  unauthenticated,
} from '../../test/endpoint.js';
import type { Client } from '../../test/harness.js';
import { pdfPagesText } from '../../test/pdf.js';
import {
  addResults,
  demo,
  download,
  eventually,
  other,
  publish,
  rondebosch,
  runJobs,
  server,
  smtp,
  useCertificatesServer,
  waterkloof,
} from './testing.js';

/**
 * Generating, sending and regenerating certificates (docs/spec.md: get-generation-status, get-send-status,
 * regenerate-and-send-to-school), the downloads, the browse list and the public check, as one journey on the real
 * server, database and SMTP.
 */
useCertificatesServer();

const jobRows = 'select id, kind, status from jobs order by id';
const certificateRows = 'select * from certificates order by id';
const batchRows = 'select * from certificate_batches order by school_participant_id';
const emailRows = 'select id from emails order by id';

let admin: Client;
let teacher: Client;
let zoe: { userId: number; attemptId: number };

beforeAll(async () => {
  [admin, teacher] = await Promise.all([server.as('admin'), server.as('teacher')]);
  [zoe] = (await addResults(demo.geoDemo, waterkloof, [
    { first: 'Zoë', last: 'Müller-Nel', grade: 11, score: 48, award: 'gold', best: true },
    { first: 'Anré', last: 'du Plessis', grade: 10, score: 20, award: 'participation' },
    { first: 'Ëlize', last: 'Öberholzer', grade: 12, score: 40, award: 'silver' },
  ])) as [{ userId: number; attemptId: number }];
  await addResults(demo.geoDemo, rondebosch, [
    { first: 'Sipho', last: 'Ndlovu', grade: 9, score: 36, award: 'bronze', best: true },
    { first: 'Liam', last: 'O’Connor', grade: 9, score: 30, award: 'merit' },
  ]);
  // The other olympiad's certificates exist too (its overlord generated them), to be out of reach below.
  const overlord = await server.as('overlord');
  expect((await overlord.post('/certificates/generate', { query: { olympiadId: other.olympiadId } })).status).toBe(202);
  await runJobs();
});

const certificatesOf = (olympiadId: number) =>
  server.query<{
    id: number;
    code: string;
    learner_name: string;
    kind: string;
    award_label: string;
    school_participant_id: number;
    revoked_at: Date | null;
  }>`
    select id, code, learner_name, kind, award_label, school_participant_id, revoked_at from certificates
    where olympiad_id = ${olympiadId} order by id`;

describe('POST /certificates/generate', () => {
  const generate = (olympiadId: number) => (c: Client) => c.post('/certificates/generate', { query: { olympiadId } });

  it('401 without a token, 403 for teachers, learners and finance staff, 404 for another olympiad', async () => {
    await unauthenticated(server, generate(demo.geoDemo));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], generate(demo.geoDemo));
    await notFoundUnchanged(server, jobRows, admin, generate(other.olympiadId));
  });

  it('409 while the results are not published, no job queued', async () => {
    const res = await expectRowsUnchanged(server, jobRows, () => generate(demo.geoDemo)(admin));
    expectError(res, 409);
    expect(res.body.message).toMatch(/not published/);
  });

  it('writes one certificate per result and one PDF per school, reporting progress; 409 while it runs', async () => {
    await publish(demo.geoDemo);
    const res = await generate(demo.geoDemo)(admin);
    expect(res.status).toBe(202);
    expect(res.body.job).toMatchObject({ status: 'queued' });
    expectError(await generate(demo.geoDemo)(admin), 409);
    await runJobs();
    const [job] = await server.query<{ status: string; done: number; total: number; phase: string }>`
      select status, done, total, phase from jobs where id = ${res.body.job.id}`;
    expect(job).toEqual({ status: 'done', done: 5, total: 5, phase: 'done' });
    const rows = await certificatesOf(demo.geoDemo);
    expect(rows.map((r) => [r.learner_name, r.kind, r.award_label])).toEqual(
      expect.arrayContaining([
        ['Zoë Müller-Nel', 'best-in-school', 'Gold, best in school'],
        ['Anré du Plessis', 'participation', 'Participation'],
        ['Ëlize Öberholzer', 'silver', 'Silver'],
        ['Sipho Ndlovu', 'best-in-school', 'Bronze, best in school'],
        ['Liam O’Connor', 'merit', 'Merit'],
      ]),
    );
    expect(rows).toHaveLength(5);
    for (const r of rows) {
      expect(r.code).toHaveLength(12);
      for (const ch of r.code) expect(certificateCodeAlphabet).toContain(ch);
    }
    expect(new Set(rows.map((r) => r.code)).size).toBe(5);
    const batches = await server.query<{
      school_participant_id: number;
      file_key: string;
      certificates: number;
      send_state: string;
    }>`
      select school_participant_id, file_key, certificates, send_state from certificate_batches
      where olympiad_id = ${demo.geoDemo} order by school_participant_id`;
    expect(batches.map((b) => [b.school_participant_id, b.certificates, b.send_state])).toEqual(
      [
        [waterkloof, 3, 'pending'],
        [rondebosch, 2, 'pending'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    for (const b of batches) expect(await server.app.storage.exists(b.file_key)).toBe(true);
  });

  it('a school’s PDF names every learner and award, in print order, with its fonts embedded once', async () => {
    const pdf = await download(admin.token, `/certificates/school/${waterkloof}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const pages = await pdfPagesText(pdf.bytes);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Anré du Plessis'); // grade 10 first
    expect(pages[0]).toContain('Certificate of Participation');
    expect(pages[1]).toContain('Zoë Müller-Nel');
    expect(pages[1]).toContain('Gold, best in school');
    expect(pages[1]).toContain('Hoërskool Waterkloof');
    expect(pages[2]).toContain('Ëlize Öberholzer');
    expect(pages[2]).toContain('Silver');
    const [code] = await server.query<{
      code: string;
    }>`select code from certificates where attempt_id = ${zoe.attemptId}`;
    expect(pages[1]).toContain(`${code!.code.slice(0, 4)}-${code!.code.slice(4, 8)}-${code!.code.slice(8)}`);
    const raw = Buffer.from(pdf.bytes).toString('latin1');
    const embedded = raw.match(/\/FontFile2/g) ?? [];
    expect(embedded.length).toBeGreaterThan(0);
    expect(embedded.length).toBeLessThanOrEqual(5); // per font used, never per page
  });
});

describe('GET /certificates/get-generation-status', () => {
  const status = (olympiadId: number) => (c: Client) =>
    c.get('/certificates/get-generation-status', { query: { olympiadId } });

  it('401 without a token, 403 for teachers, learners and finance staff, 404 for another olympiad', async () => {
    await unauthenticated(server, status(demo.geoDemo));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], status(demo.geoDemo));
    await notFoundUnchanged(server, jobRows, admin, status(other.olympiadId));
  });

  it('answers the latest job with its progress, the schools and the certificates', async () => {
    const res = await admin.get('/certificates/get-generation-status', {
      query: { olympiadId: demo.geoDemo },
      schema: GenerationStatus,
    });
    expect(res.body).toMatchObject({
      published: true,
      job: { status: 'done', done: 5, total: 5, phase: 'done', message: '5 certificates generated for 2 schools' },
      schools: { total: 2, generated: 2 },
      certificates: 5,
    });
  });
});

describe('POST /certificates/send and GET /certificates/get-send-status', () => {
  const send = (olympiadId: number) => (c: Client) => c.post('/certificates/send', { query: { olympiadId } });
  const sendStatus = (olympiadId: number) => (c: Client) =>
    c.get('/certificates/get-send-status', { query: { olympiadId } });

  it('401 without a token, 403 for teachers, learners and finance staff, 404 for another olympiad', async () => {
    for (const call of [send, sendStatus]) {
      await unauthenticated(server, call(demo.geoDemo));
      await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], call(demo.geoDemo));
      await notFoundUnchanged(server, `${batchRows}`, admin, call(other.olympiadId));
    }
  });

  it('queues one mail per school with a link to its certificates page, and never a second', async () => {
    const before = smtp.received.length;
    const res = await send(demo.geoDemo)(admin);
    expect(res.status).toBe(202);
    await runJobs();
    const mails = await server.query<{ to_address: string; kind: string; text_body: string }>`
      select to_address, kind, text_body from emails where kind = 'certificates' and olympiad_id = ${demo.geoDemo}
      order by to_address`;
    expect(mails.map((m) => m.to_address)).toEqual(['teacher@rbhs.example.org', 'teacher@waterkloof.example.org']);
    expect(mails[1]!.text_body).toContain('http://olympus.test/portal/geo-demo/certificates');
    await eventually(() => smtp.received.length >= before + 2);
    expect(
      smtp.received
        .slice(before)
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual(['teacher@rbhs.example.org', 'teacher@waterkloof.example.org']);
    const again = await expectRowsUnchanged(server, emailRows, () => send(demo.geoDemo)(admin));
    expectError(again, 409);
    expect(again.body.message).toMatch(/have been sent/);
    await eventually(async () => {
      const s = await admin.get('/certificates/get-send-status', {
        query: { olympiadId: demo.geoDemo },
        schema: SendStatus,
      });
      return s.body.counts.sent === 2;
    });
    const s = await admin.get('/certificates/get-send-status', {
      query: { olympiadId: demo.geoDemo },
      schema: SendStatus,
    });
    expect(s.body.counts).toEqual({ pending: 0, queued: 0, sent: 2, failed: 0 });
    expect(s.body.job).toMatchObject({
      status: 'done',
      done: 2,
      total: 2,
      message: '2 schools mailed a link to their certificates',
    });
    const wk = s.body.schools.find((x) => x.schoolParticipantId === waterkloof)!;
    expect(wk).toMatchObject({
      schoolName: 'Hoërskool Waterkloof',
      teacherEmail: 'teacher@waterkloof.example.org',
      certificates: 3,
      sendState: 'sent',
    });
    expect(wk.sentAt).not.toBeNull();
  });
});

describe('GET /certificates/regenerate-and-send-to-school', () => {
  const regenerate = (schoolParticipantId: number) => (c: Client) =>
    c.get('/certificates/regenerate-and-send-to-school', { query: { schoolParticipantId } });

  it('401 without a token, 403 for teachers, learners and finance staff, 404 for another olympiad’s school', async () => {
    await unauthenticated(server, regenerate(waterkloof));
    await forbiddenFor(server, ['learner1', 'accountant', 'funding'], regenerate(waterkloof));
    expectError(await regenerate(waterkloof)(teacher), 403);
    await notFoundUnchanged(server, certificateRows, admin, regenerate(other.participantId));
  });

  it('after a name fix prints the new name with the same code, and mails the teacher again', async () => {
    const [before] = await server.query<{
      code: string;
    }>`select code from certificates where attempt_id = ${zoe.attemptId}`;
    await server.query`update users set last_name = 'Müller-Nel van Wyk' where id = ${zoe.userId}`;
    const mailsBefore = (await server.query`select id from emails where kind = 'certificates'`).length;
    const res = await regenerate(waterkloof)(admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/3 certificates generated again/);
    const [after] = await server.query<{ code: string; learner_name: string }>`
      select code, learner_name from certificates where attempt_id = ${zoe.attemptId}`;
    expect(after).toEqual({ code: before!.code, learner_name: 'Zoë Müller-Nel van Wyk' });
    expect((await server.query`select id from emails where kind = 'certificates'`).length).toBe(mailsBefore + 1);
    const pages = await pdfPagesText((await download(admin.token, `/certificates/school/${waterkloof}/pdf`)).bytes);
    expect(pages.join('\n')).toContain('Zoë Müller-Nel van Wyk');
    const [audit] = await server.query`select id from audit_log where action = 'certificate.regenerate'`;
    expect(audit).toBeDefined();
  });

  it('a second request within ten minutes is refused with 429 and Retry-After: nothing drawn, nothing mailed', async () => {
    const mails = async () => (await server.query`select id from emails where kind = 'certificates'`).length;
    const before = await mails();
    const res = await expectRowsUnchanged(server, certificateRows, () =>
      admin.get('/certificates/regenerate-and-send-to-school', { query: { schoolParticipantId: waterkloof } }),
    );
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/mailed again in 10 minutes/),
    });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(await mails()).toBe(before);
  });
});

describe('GET /olympiad/certificate-list/{id}', () => {
  const list =
    (olympiadId: number, query: Record<string, string | number> = {}) =>
    (c: Client) =>
      c.get(`/olympiad/certificate-list/${olympiadId}`, { query });

  it('401 without a token, 403 for teachers, learners and finance staff, 404 for another olympiad', async () => {
    await unauthenticated(server, list(demo.geoDemo));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant', 'funding'], list(demo.geoDemo));
    await notFoundUnchanged(server, certificateRows, admin, list(other.olympiadId));
  });

  it('pages, searches by learner or code, filters by school and kind, and counts each kind', async () => {
    const all = await list(demo.geoDemo, { pageSize: 2 })(admin);
    expect(all.body).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(all.body.items).toHaveLength(2);
    const kinds = Object.fromEntries((all.body.kinds as { key: string; count: number }[]).map((k) => [k.key, k.count]));
    expect(kinds).toEqual({ gold: 0, silver: 1, bronze: 0, merit: 1, participation: 1, 'best-in-school': 2 });
    const found = await list(demo.geoDemo, { search: 'öberholzer' })(admin);
    expect(found.body.items.map((i: { learnerName: string }) => i.learnerName)).toEqual(['Ëlize Öberholzer']);
    const code = found.body.items[0].code as string;
    const byCode = await list(demo.geoDemo, {
      search: `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`.toLowerCase(),
    })(admin);
    expect(byCode.body.total).toBe(1);
    const school = await list(demo.geoDemo, { schoolParticipantId: rondebosch, kind: 'merit' })(admin);
    expect(school.body.items.map((i: { learnerName: string }) => i.learnerName)).toEqual(['Liam O’Connor']);
  });
});

describe('the teacher’s certificates: GET /certificates/school, the school’s PDF and one certificate', () => {
  it('401 without a token; 403 for everyone but teachers on the page, and for learners and finance staff on the PDFs', async () => {
    const page = (c: Client) => c.get('/certificates/school', { query: { olympiadId: demo.geoDemo } });
    await unauthenticated(server, page);
    await forbiddenFor(server, ['admin', 'overlord', 'learner1', 'accountant', 'funding'], page);
    const [cert] = await certificatesOf(demo.geoDemo);
    for (const path of [`/certificates/school/${waterkloof}/pdf`, `/certificates/${cert!.id}/pdf`]) {
      await unauthenticated(server, (c) => c.get(path));
      await forbiddenFor(server, ['learner1', 'accountant', 'funding'], (c) => c.get(path));
    }
  });

  it('404 for another school’s or olympiad’s certificates', async () => {
    const teacher2 = await server.as('teacher2');
    const wk = (await certificatesOf(demo.geoDemo)).find((c) => c.school_participant_id === waterkloof)!;
    await notFoundUnchanged(server, certificateRows, teacher2, (c) => c.get(`/certificates/school/${waterkloof}/pdf`));
    await notFoundUnchanged(server, certificateRows, teacher2, (c) => c.get(`/certificates/${wk.id}/pdf`));
    const [otherCert] = await certificatesOf(other.olympiadId);
    await notFoundUnchanged(server, certificateRows, admin, (c) =>
      c.get(`/certificates/school/${other.participantId}/pdf`),
    );
    await notFoundUnchanged(server, certificateRows, admin, (c) => c.get(`/certificates/${otherCert!.id}/pdf`));
    await notFoundUnchanged(server, certificateRows, teacher, (c) =>
      c.get('/certificates/school', { query: { olympiadId: other.olympiadId } }),
    );
  });

  it('a teacher sees nothing before publishing (403 on the PDFs), then their school’s certificates and PDF', async () => {
    await publish(demo.geoDemo, null);
    const before = await teacher.get('/certificates/school', {
      query: { olympiadId: demo.geoDemo },
      schema: SchoolCertificates,
    });
    expect(before.body).toMatchObject({
      published: false,
      batch: null,
      certificates: [],
      schoolParticipantId: waterkloof,
    });
    expectError(await teacher.get(`/certificates/school/${waterkloof}/pdf`), 403);
    await publish(demo.geoDemo);
    const page = await teacher.get('/certificates/school', {
      query: { olympiadId: demo.geoDemo },
      schema: SchoolCertificates,
    });
    expect(page.body.published).toBe(true);
    expect(page.body.batch).toMatchObject({ certificates: 3 });
    expect(page.body.batch!.sentAt).not.toBeNull();
    expect(page.body.certificates.map((c) => c.learnerName).sort()).toEqual(
      ['Anré du Plessis', 'Zoë Müller-Nel van Wyk', 'Ëlize Öberholzer'].sort(),
    );
    const school = await download(teacher.token, `/certificates/school/${waterkloof}/pdf`);
    expect(school.status).toBe(200);
    const one = page.body.certificates.find((c) => c.learnerName.startsWith('Anré'))!;
    const single = await download(teacher.token, `/certificates/${one.id}/pdf`);
    expect(single.status).toBe(200);
    const [text] = await pdfPagesText(single.bytes);
    expect(text).toContain('Anré du Plessis');
    expect(text).toContain('Participation');
  });
});

describe('GET /api/public/certificates/{code}', () => {
  it('shows anyone what a certificate certifies, the code typed any way; 404 for a code that is none', async () => {
    const [cert] = await server.query<{
      code: string;
    }>`select code from certificates where attempt_id = ${zoe.attemptId}`;
    const typed = `${cert!.code.slice(0, 4)}-${cert!.code.slice(4, 8)} ${cert!.code.slice(8)}`.toLowerCase();
    const res = await server.anonymous().get(`/api/public/certificates/${encodeURIComponent(typed)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      valid: true,
      revoked: false,
      code: cert!.code,
      learnerName: 'Zoë Müller-Nel van Wyk',
      schoolName: 'Hoërskool Waterkloof',
      awardLabel: 'Gold, best in school',
      grade: 11,
    });
    expect(res.body.olympiadName).toMatch(/Geography Olympiad/);
    expect(res.body).not.toHaveProperty('score');
    expectError(await server.anonymous().get('/api/public/certificates/AAAA-BBBB-CCCC'), 404);
    expectError(await server.anonymous().get('/api/public/certificates/not-a-code'), 404);
  });

  it('says so when the result behind a certificate was withdrawn (revoked on regeneration)', async () => {
    await server.query`delete from learner_results where attempt_id = ${zoe.attemptId}`;
    // Ten minutes after the last send (decision 066: at most one in ten minutes per school).
    await server.query`update throttles set window_start = now() - interval '11 minutes'
      where key = ${`mail-on-demand:certificates:${waterkloof}`}`;
    expect(
      (await admin.get('/certificates/regenerate-and-send-to-school', { query: { schoolParticipantId: waterkloof } }))
        .status,
    ).toBe(200);
    const [cert] = await server.query<{ code: string; revoked_at: Date | null }>`
      select code, revoked_at from certificates where attempt_id = ${zoe.attemptId}`;
    expect(cert!.revoked_at).not.toBeNull();
    const res = await server.anonymous().get(`/api/public/certificates/${cert!.code}`);
    expect(res.body).toMatchObject({ valid: false, revoked: true });
    const pages = await pdfPagesText((await download(admin.token, `/certificates/school/${waterkloof}/pdf`)).bytes);
    expect(pages).toHaveLength(2);
  });
});
