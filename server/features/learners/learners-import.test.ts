import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createOlympiad, createUser, grant } from '../../seed/factories.js';
import { server, demo, tokens, xlsx, upload, finished, learnersOf, useLearnersServer } from './testing.js';

useLearnersServer();

describe('loading learners from a spreadsheet', () => {
  it('previews a real xlsx with a report on every bad row, saves nothing, then imports all or nothing', async () => {
    const q = `?olympiadId=${demo.geoDemo}`;
    const bad = await xlsx([
      ['Zoë', "O'Neill", 10],
      ['Thabo', 'Nkosi', 'Grade 11'],
      ['', 'Nameless', 9],
      ['Anri', 'du Plessis', 13],
      ['Zoë', "o'neill", 10],
      ['Lerato', 'Khumalo', 10],
    ]);
    const before = (await learnersOf(demo.school1)).length;
    const report = await upload(`/learner/v-rest/import/preview${q}`, bad, 'class.xlsx', tokens.teacher);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ total: 6, valid: 2, invalid: 4, encoding: 'xlsx' });
    expect(report.body.errors).toEqual([
      expect.objectContaining({ row: 4, field: 'firstName' }),
      expect.objectContaining({ row: 5, field: 'grade', value: '13' }),
      expect.objectContaining({ row: 6, field: 'row', message: 'The same learner is on row 2 too' }),
      expect.objectContaining({ row: 7, field: 'row', message: 'This learner is loaded already' }),
    ]);
    const refused = await upload(`/learner/v-rest/import${q}`, bad, 'class.xlsx', tokens.teacher);
    expect(refused.status).toBe(422);
    expect(refused.body.report.invalid).toBe(4);
    // The one error shape: message and error the same sentence, a code, and each problem in details.
    expect(refused.body).toMatchObject({ success: false, code: 'validation_failed' });
    expect(refused.body.error).toBe(refused.body.message);
    expect(refused.body.details).toEqual([
      { path: 'rows.4.firstName', message: expect.any(String) },
      { path: 'rows.5.grade', message: expect.any(String) },
      { path: 'rows.6.row', message: 'The same learner is on row 2 too' },
      { path: 'rows.7.row', message: 'This learner is loaded already' },
    ]);
    expect((await learnersOf(demo.school1)).length).toBe(before);

    const good = await xlsx([
      ['Zoë', "O'Neill", 10],
      ['Thabo', 'Nkosi', 'Grade 11'],
    ]);
    const queued = await upload(`/learner/v-rest/import${q}`, good, 'class.xlsx', tokens.teacher);
    expect(queued.status).toBe(202);
    expect(queued.body.job).toMatchObject({ status: 'queued', total: 2, fileName: 'class.xlsx' });
    const done = await finished(queued.body.job.id, tokens.teacher);
    expect(done).toMatchObject({ status: 'done', created: 2, done: 2, total: 2, phase: 'done' });
    expect(done.message).toBe('2 learners are loaded. Download their sign-in slips next.');
    const after = await learnersOf(demo.school1);
    expect(after.slice(-2).map((l) => [l.first_name, l.last_name, l.grade])).toEqual([
      ['Zoë', "O'Neill", 10],
      ['Thabo', 'Nkosi', 11],
    ]);
    expect(after.at(-2)!.username).toMatch(/^zoneill\d{3}$/);
    const [entry] = await server.query<{
      status: string;
    }>`select status from school_participants where school_id = ${demo.school1} and olympiad_id = ${demo.geoDemo}`;
    expect(entry!.status).toBe('learners_loaded');
  });

  it('reads csv in UTF-8 with a BOM and in Windows-1252, keeping accents and apostrophes', async () => {
    const q = `?olympiadId=${demo.geoDemo}`;
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('First name;Surname;Grade\r\nRenée;Müller-Sørensen;8\r\n', 'utf8'),
    ]);
    const r1 = await upload(`/learner/v-rest/import/preview${q}`, bom, 'a.csv', tokens.teacher);
    expect(r1.body).toMatchObject({
      encoding: 'UTF-8 (with BOM)',
      valid: 1,
      sample: [{ firstName: 'Renée', lastName: 'Müller-Sørensen', grade: 8 }],
    });
    // "Chloé", "D’Arcy" (typographic apostrophe 0x92), "Ngũgĩ" is not in 1252, so: "Anaïs"
    const cp1252 = Buffer.from([
      ...Buffer.from('First name,Surname,Grade\r\nChlo', 'latin1'),
      0xe9,
      ...Buffer.from(',D', 'latin1'),
      0x92,
      ...Buffer.from('Arcy,7\r\nAna', 'latin1'),
      0xef,
      ...Buffer.from('s,Botha,12\r\n', 'latin1'),
    ]);
    const r2 = await upload(`/learner/v-rest/import/preview${q}`, cp1252, 'b.csv', tokens.teacher);
    expect(r2.body.encoding).toBe('Windows-1252');
    expect(r2.body.sample).toEqual([
      // A school's file has no date-of-birth column: none is read.
      { row: 2, firstName: 'Chloé', lastName: 'D’Arcy', grade: 7, dateOfBirth: null },
      { row: 3, firstName: 'Anaïs', lastName: 'Botha', grade: 12, dateOfBirth: null },
    ]);
    const queued = await upload(`/learner/v-rest/import${q}`, cp1252, 'b.csv', tokens.teacher);
    expect((await finished(queued.body.job.id, tokens.teacher)).created).toBe(2);
    expect((await learnersOf(demo.school1)).some((l) => l.last_name === 'D’Arcy')).toBe(true);
  });

  it('refuses what is not a spreadsheet, and a missing header', async () => {
    const q = `?olympiadId=${demo.geoDemo}`;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect((await upload(`/learner/v-rest/import/preview${q}`, png, 'x.csv', tokens.teacher)).status).toBe(415);
    const before = (await learnersOf(demo.school1)).length;
    // No row names the columns and the file is no list of bare columns either: refused outright, in the one shape.
    for (const path of ['/learner/v-rest/import/preview', '/learner/v-rest/import']) {
      const noHeader = await upload(`${path}${q}`, Buffer.from('Name,Class\nA,B\n'), 'x.csv', tokens.teacher);
      expect(noHeader.status, path).toBe(400);
      expect(noHeader.body).toMatchObject({ success: false, code: 'bad_request' });
      expect(noHeader.body.message).toBe(noHeader.body.error);
      expect(noHeader.body.message).toContain('No row among the first 10 names the columns');
      expect(noHeader.body.message).toContain('First name, Surname, Grade');
    }
    // Headings further down than the first rows are not looked for.
    const tooLow = Buffer.from(`${'Learners\n'.repeat(10)}First name,Surname,Grade\nA,B,10\n`);
    expect((await upload(`/learner/v-rest/import/preview${q}`, tooLow, 'x.csv', tokens.teacher)).status).toBe(400);
    expect((await learnersOf(demo.school1)).length).toBe(before);
  });

  it('finds the headings below a title row and blank rows, says which row it used, and loads the learners', async () => {
    const q = `?olympiadId=${demo.geoDemo}`;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Learners');
    ws.addRow(['Hoërskool Waterkloof: Geography Olympiad 2026']);
    ws.addRow(['Grade 10 and 11, loaded by Ms Botha']);
    ws.addRow([]);
    ws.addRow(['First name', 'Surname', 'Grade']);
    ws.addRow(['Naledi', 'Titlerow', 10]);
    ws.addRow(['Pieter', 'Titlerow', 11]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const report = await upload(`/learner/v-rest/import/preview${q}`, file, 'titled.xlsx', tokens.teacher);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ headerRow: 4, total: 2, valid: 2, invalid: 0, errors: [] });
    expect(report.body.sample).toEqual([
      { row: 5, firstName: 'Naledi', lastName: 'Titlerow', grade: 10, dateOfBirth: null },
      { row: 6, firstName: 'Pieter', lastName: 'Titlerow', grade: 11, dateOfBirth: null },
    ]);
    const started = await server.api('POST', `/learner/v-rest/import/${report.body.importId}/start`, {
      token: tokens.teacher,
    });
    expect(started.status).toBe(202);
    expect(await finished(report.body.importId, tokens.teacher)).toMatchObject({ status: 'done', created: 2 });
    const stored = (await learnersOf(demo.school1)).filter((l) => l.last_name === 'Titlerow');
    expect(stored.map((l) => [l.first_name, l.last_name, l.grade])).toEqual([
      ['Naledi', 'Titlerow', 10],
      ['Pieter', 'Titlerow', 11],
    ]);

    // The same in a csv with a title line: the headings' row is named, and a plain file says row 1.
    const csv = Buffer.from('Class list 10B\n\nFirst name,Surname,Grade\nAyanda,Csvtitle,10\n');
    const csvReport = await upload(`/learner/v-rest/import/preview${q}`, csv, 'titled.csv', tokens.teacher);
    expect(csvReport.body).toMatchObject({ headerRow: 3, valid: 1, sample: [{ row: 4, firstName: 'Ayanda' }] });
    const plain = await upload(
      `/learner/v-rest/import/preview${q}`,
      Buffer.from('First name,Surname,Grade\nBongi,Plainfile,9\n'),
      'plain.csv',
      tokens.teacher,
    );
    expect(plain.body).toMatchObject({ headerRow: 1, valid: 1 });
    const bare = await upload(
      `/learner/v-rest/import/preview${q}`,
      Buffer.from('Bongi,Barefile,9\n'),
      'bare.csv',
      tokens.teacher,
    );
    expect(bare.body).toMatchObject({ headerRow: null, valid: 1, sample: [{ row: 1, lastName: 'Barefile' }] });
  });

  it('generated credentials sign in; slips come as PDF and CSV; a changed password leaves the slip', async () => {
    const q = `?olympiadId=${demo.geoDemo}`;
    const added = await server.api('POST', '/learner/v-rest/', {
      token: tokens.teacher,
      body: { olympiadId: demo.geoDemo, firstName: 'Sipho', lastName: 'Dube', grade: 9 },
    });
    expect(added.status).toBe(200);
    const { username, password, id } = added.body.learner;
    expect(password).toMatch(/^[a-z]{4}-[a-z]{4}-\d{2}$/);
    const signedIn = await server.signIn(username, { password, olympiadName: 'geo-demo' });
    expect(signedIn.role).toBe('learner');

    const csv = await server.api('GET', `/learner/v-rest/slips.csv${q}`, { token: tokens.teacher });
    expect(csv.status).toBe(200);
    const raw = await fetch(`${server.url}/learner/v-rest/slips.csv${q}`, {
      headers: { authorization: `Bearer ${tokens.teacher}` },
    });
    expect([...Buffer.from(await raw.arrayBuffer()).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.text).toContain(`Sipho,Dube,9,${username},${password},http://olympus.test/geo-demo/login`);
    const pdf = await fetch(`${server.url}/learner/v-rest/slips.pdf${q}`, {
      headers: { authorization: `Bearer ${tokens.teacher}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const set = await server.api('PUT', `/api/auth/set-learner-passwords/${id}`, {
      token: tokens.teacher,
      body: { password: 'a new secret!' },
    });
    expect(set.status).toBe(200);
    const csv2 = await server.api('GET', `/learner/v-rest/slips.csv${q}`, { token: tokens.teacher });
    expect(csv2.text).toContain(`Sipho,Dube,9,${username},(changed: ask your teacher)`);

    // A name a spreadsheet would run as a formula is written as text.
    const formula = await server.api('POST', '/learner/v-rest/', {
      token: tokens.teacher,
      body: {
        olympiadId: demo.geoDemo,
        firstName: '=HYPERLINK("http://evil.example","x")',
        lastName: '@SUM(A1)',
        grade: 9,
      },
    });
    expect(formula.status).toBe(200);
    const csv3 = await server.api('GET', `/learner/v-rest/slips.csv${q}`, { token: tokens.teacher });
    expect(csv3.text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")",'@SUM(A1),9,`);
    for (const line of csv3.text.split('\r\n')) {
      for (const cell of line.match(/(?<=^|,)("(?:[^"]|"")*"|[^,]*)/g) ?? []) {
        expect(cell.replace(/^"/, ''), line).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
    expect(
      (await server.api('GET', `/learner/v-rest/${id}`, { token: tokens.teacher })).body.learner.hasSlipPassword,
    ).toBe(false);
  });

  it('serves the template as xlsx and csv', async () => {
    const x = await fetch(`${server.url}/learner/v-rest/template?format=xlsx`, {
      headers: { authorization: `Bearer ${tokens.teacher}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await x.arrayBuffer());
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([undefined, 'First name', 'Surname', 'Grade']);
    const c = await server.api('GET', '/learner/v-rest/template?format=csv', { token: tokens.teacher });
    expect(c.text).toBe('First name,Surname,Grade\r\n');
  });
});

describe('imports run in the background (decision on jobs)', () => {
  const csvOf = (rows: string[]) => Buffer.from(`First name,Surname,Grade\n${rows.join('\n')}\n`);

  it('a checked file waits as a held import; starting it loads every row in the worker, with progress and an audit row', async () => {
    const q = `?olympiadId=${demo.geoDemo}`;
    const rows = Array.from({ length: 300 }, (_, i) => `Leano${i},Molefe,${7 + (i % 6)}`);
    const report = await upload(`/learner/v-rest/import/preview${q}`, csvOf(rows), 'big.csv', tokens.teacher2);
    expect(report.body).toMatchObject({ total: 300, valid: 300, invalid: 0 });
    const id = report.body.importId as number;
    expect(id).toBeGreaterThan(0);
    const held = await server.api('GET', `/learner/v-rest/import/${id}`, { token: tokens.teacher2 });
    expect(held.body.job).toMatchObject({ status: 'held', done: 0, total: 300, fileName: 'big.csv', created: null });
    expect((await learnersOf(demo.school2)).filter((l) => l.last_name === 'Molefe')).toHaveLength(0);

    const started = await server.api('POST', `/learner/v-rest/import/${id}/start`, { token: tokens.teacher2 });
    expect(started.status).toBe(202);
    expect(['queued', 'running', 'done']).toContain(started.body.job.status);
    const again = await server.api('POST', `/learner/v-rest/import/${id}/start`, { token: tokens.teacher2 });
    expect(again.status).toBe(409);
    const job = await finished(id, tokens.teacher2);
    expect(job).toMatchObject({ status: 'done', created: 300, done: 300, total: 300 });
    expect((await learnersOf(demo.school2)).filter((l) => l.last_name === 'Molefe')).toHaveLength(300);
    const [row] = await server.query<{ payload: unknown; locked_by: string | null; attempts: number }>`
      select payload, locked_by, attempts from jobs where id = ${id}`;
    expect(row).toEqual({ payload: {}, locked_by: null, attempts: 1 });
    const [audit] = await server.query<{ actor_id: number; data: { created: number } }>`
      select actor_id, data from audit_log where action = 'learner.import' order by id desc limit 1`;
    expect(audit).toMatchObject({ actor_id: demo.users.teacher2, data: { created: 300 } });
  });

  it('all or nothing in the worker too: a learner loaded meanwhile fails the whole import, and nothing is saved', async () => {
    const q = `?olympiadId=${demo.geoDemo}`;
    const report = await upload(
      `/learner/v-rest/import/preview${q}`,
      csvOf(['Kea,Mahlangu,8', 'Naledi,Mahlangu,9']),
      'race.csv',
      tokens.teacher2,
    );
    const id = report.body.importId as number;
    const one = await server.api('POST', '/learner/v-rest/', {
      token: tokens.teacher2,
      body: { olympiadId: demo.geoDemo, firstName: 'Naledi', lastName: 'Mahlangu', grade: 9 },
    });
    expect(one.status).toBe(200);
    await server.api('POST', `/learner/v-rest/import/${id}/start`, { token: tokens.teacher2 });
    const job = await finished(id, tokens.teacher2);
    expect(job.status).toBe('failed');
    expect(job.message).toMatch(/Row 3: Naledi Mahlangu was loaded meanwhile/);
    expect((await learnersOf(demo.school2)).filter((l) => l.last_name === 'Mahlangu').map((l) => l.first_name)).toEqual(
      ['Naledi'],
    );
  });

  it('another school’s teacher, another olympiad’s admin and a learner cannot see or start an import (404/403, unchanged)', async () => {
    const report = await upload(
      `/learner/v-rest/import/preview?olympiadId=${demo.geoDemo}`,
      csvOf(['Private,Person,10']),
      'mine.csv',
      tokens.teacher,
    );
    const id = report.body.importId as number;
    const outsider = await createOlympiad(server.db);
    const otherAdmin = await createUser(server.db, { role: 'admin', password: 'password-123' });
    await grant(server.db, otherAdmin.id, outsider.id, 'admin');
    const otherToken = (await server.signIn(otherAdmin.username, { password: 'password-123' })).accessToken.token;
    for (const token of [tokens.teacher2, otherToken]) {
      expect((await server.api('GET', `/learner/v-rest/import/${id}`, { token })).status).toBe(404);
      expect((await server.api('POST', `/learner/v-rest/import/${id}/start`, { token })).status).toBe(404);
    }
    expect((await server.api('GET', `/learner/v-rest/import/${id}`, { token: tokens.learner })).status).toBe(403);
    expect((await server.api('GET', `/learner/v-rest/import/${id}`)).status).toBe(401);
    const [row] = await server.query<{ status: string }>`select status from jobs where id = ${id}`;
    expect(row!.status).toBe('held');
    // The school's admin may start it.
    expect((await server.api('POST', `/learner/v-rest/import/${id}/start`, { token: tokens.admin })).status).toBe(202);
    expect((await finished(id, tokens.admin)).created).toBe(1);
  });
});
