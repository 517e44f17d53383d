import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, enterCountry } from '../../seed/factories.js';
import { expectRowsUnchanged, forbiddenFor, notFoundUnchanged, unauthenticated } from '../../test/endpoint.js';
import { type Client, type TestServer, startTestServer } from '../../test/harness.js';

/**
 * A country's team loaded from a spreadsheet (decision 039): the team's template has a date-of-birth column, and
 * the upload needs a valid date of birth on every row (a clear problem per row otherwise; nothing saved), stores
 * it, and the team's list shows it.
 */
let server: TestServer;
let igeo: number;
let germanyTeam: number;
let brazilTeam: number;
let teamAdmin: Client;

const learnerRows = `select id, first_name, last_name, grade, date_of_birth, school_id from users
  where role = 'learner' order by id`;

async function sheet(header: string[], rows: Array<Array<string | number | Date>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Team');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const teamHeader = ['First name', 'Surname', 'Grade', 'Date of birth'];
const upload = (client: Client, path: string, bytes: Buffer, query: Record<string, number> = {}) =>
  client.upload(path, { bytes, name: 'team.xlsx' }, { query: { olympiadId: igeo, ...query } });

async function finished(id: number) {
  for (let i = 0; i < 200; i++) {
    const res = await teamAdmin.get(`/learner/v-rest/import/${id}`);
    if (res.body.job.status === 'done' || res.body.job.status === 'failed') return res.body.job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${id} did not finish`);
}

beforeAll(async () => {
  server = await startTestServer();
  const [o] = await server.query<{ id: number }>`select id from olympiads where var_name = 'igeo-demo'`;
  igeo = o!.id;
  const [de] = await server.query<{ id: number }>`
    select s.id from schools s join countries c on c.id = s.country_id where c.code = 'DE'`;
  germanyTeam = de!.id;
  const [br] = await server.query<{ id: number }>`select id from countries where code = 'BR'`;
  brazilTeam = (await enterCountry(server.db, igeo, { id: br!.id, name: 'Brazil' })).team.id;
  await createUser(server.db, {
    role: 'teacher',
    username: 'br-up-admin',
    password: 'password-123',
    schoolId: brazilTeam,
  });
  teamAdmin = await server.as('teamadmin');
});
afterAll(() => server?.close());

describe('GET /learner/v-rest/template for a country olympiad', () => {
  const template = (query: Record<string, string | number>) => (c: Client) =>
    c.get('/learner/v-rest/template', { query });

  it('401 without a token, 403 for learners and finance staff, 404 for an olympiad that does not exist', async () => {
    await unauthenticated(server, template({ olympiadId: igeo }));
    await forbiddenFor(server, ['teamlearner', 'learner1', 'accountant', 'funding'], template({ olympiadId: igeo }));
    await notFoundUnchanged(server, learnerRows, teamAdmin, template({ olympiadId: 999_999 }));
  });

  it('a team’s template has a date-of-birth column (csv and xlsx); a school’s does not', async () => {
    const csv = await template({ olympiadId: igeo, format: 'csv' })(teamAdmin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('team-template.csv');
    expect(csv.text.replace(/^\uFEFF/, '').trim()).toBe('First name,Surname,Grade,Date of birth');
    const school = await template({ format: 'csv' })(await server.as('teacher'));
    expect(school.text.replace(/^\uFEFF/, '').trim()).toBe('First name,Surname,Grade');
    const res = await fetch(`${server.url}/learner/v-rest/template?olympiadId=${igeo}`, {
      headers: { authorization: `Bearer ${teamAdmin.token}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect(wb.getWorksheet('Team')!.getRow(1).values).toEqual([
      undefined,
      'First name',
      'Surname',
      'Grade',
      'Date of birth',
    ]);
  });
});

describe('POST /learner/v-rest/import/preview and /import for a team, with dates of birth', () => {
  it('401 without a token, 403 for a team learner, 404 for another country’s team, nothing saved', async () => {
    const file = await sheet(teamHeader, [['Mia', 'Fischer', 10, '2010-03-02']]);
    await unauthenticated(server, (c) => upload(c, '/learner/v-rest/import', file));
    await forbiddenFor(server, ['teamlearner', 'accountant'], (c) => upload(c, '/learner/v-rest/import', file));
    await notFoundUnchanged(server, learnerRows, teamAdmin, (c) =>
      upload(c, '/learner/v-rest/import', file, { schoolId: brazilTeam }),
    );
  });

  it('a file without the date-of-birth column is refused, naming the column', async () => {
    const file = await sheet(['First name', 'Surname', 'Grade'], [['Mia', 'Fischer', 10]]);
    const res = await expectRowsUnchanged(server, learnerRows, () => upload(teamAdmin, '/learner/v-rest/import', file));
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual([
      { path: 'rows.1.row', message: expect.stringContaining('Missing: Date of birth') },
    ]);
  });

  it('reports each bad date of birth by row (missing, not a date, not a day, in the future); nothing saved', async () => {
    const file = await sheet(teamHeader, [
      ['Mia', 'Fischer', 10, '2010-03-02'],
      ['Jonas', 'Wolf', 11, ''],
      ['Lena', 'Koch', 11, '14.05.2009'],
      ['Paul', 'Braun', 12, '2009-02-30'],
      ['Emma', 'Lang', 10, '2099-01-01'],
    ]);
    const preview = await upload(teamAdmin, '/learner/v-rest/import/preview', file);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ total: 5, valid: 1, invalid: 4, importId: null });
    expect(preview.body.sample).toEqual([
      { row: 2, firstName: 'Mia', lastName: 'Fischer', grade: 10, dateOfBirth: '2010-03-02' },
    ]);
    expect(
      preview.body.errors.map((e: { row: number; field: string; message: string }) => [e.row, e.field, e.message]),
    ).toEqual([
      [3, 'dateOfBirth', 'The date of birth is missing'],
      [4, 'dateOfBirth', 'Enter the date as YYYY-MM-DD'],
      [5, 'dateOfBirth', 'This date does not exist'],
      [6, 'dateOfBirth', 'Enter a date of birth in the past'],
    ]);
    const res = await expectRowsUnchanged(server, learnerRows, () => upload(teamAdmin, '/learner/v-rest/import', file));
    expect(res.status).toBe(422);
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual([
      'rows.3.dateOfBirth',
      'rows.4.dateOfBirth',
      'rows.5.dateOfBirth',
      'rows.6.dateOfBirth',
    ]);
  });

  it('loads the team members with their dates of birth (a real date cell too), shown in the team’s list', async () => {
    const file = await sheet(teamHeader, [
      ['Mia', 'Fischer', 10, '2010-03-02'],
      ['Jonas', 'Wolf', 11, new Date(Date.UTC(2009, 10, 23))],
    ]);
    const queued = await upload(teamAdmin, '/learner/v-rest/import', file);
    expect(queued.status).toBe(202);
    expect(await finished(queued.body.job.id)).toMatchObject({ status: 'done', created: 2 });
    const stored = await server.query<{ first_name: string; dob: string }>`
      select first_name, to_char(date_of_birth, 'YYYY-MM-DD') as dob from users
      where role = 'learner' and school_id = ${germanyTeam} and olympiad_id = ${igeo} and first_name in ('Mia', 'Jonas')
      order by id`;
    expect(stored).toEqual([
      { first_name: 'Mia', dob: '2010-03-02' },
      { first_name: 'Jonas', dob: '2009-11-23' },
    ]);
    const list = await teamAdmin.get('/learner/v-rest/', { query: { olympiadId: igeo, pageSize: 50 } });
    expect(list.status).toBe(200);
    const shown = Object.fromEntries(
      list.body.items.map((l: { firstName: string; dateOfBirth: string | null }) => [l.firstName, l.dateOfBirth]),
    );
    expect(shown).toMatchObject({ Mia: '2010-03-02', Jonas: '2009-11-23' });
  });
});
