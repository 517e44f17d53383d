import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/** Setup shared by the learners test files (learners, learners-import): a server, tokens, spreadsheets, uploads. */

export let server: TestServer;
export let demo: DemoIds;
export const tokens: Record<string, string> = {};

/** Starts the calling file's server and signs the staff and a learner in; throttles clear before each test. */
export function useLearnersServer(): void {
  beforeAll(async () => {
    server = await startTestServer();
    demo = await demoIds(server);
    for (const u of ['overlord', 'admin', 'accountant', 'teacher', 'teacher2'])
      tokens[u] = (await server.signIn(u)).accessToken.token;
    tokens.learner = (await server.signIn('learner1', { olympiadName: 'geo-demo' })).accessToken.token;
  });
  afterAll(() => server?.close());
  beforeEach(async () => {
    await server.query`delete from throttles`;
  });
}

export async function xlsx(rows: Array<Array<string | number | null>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Learners');
  sheet.addRow(['First name', 'Surname', 'Grade']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A multipart upload of one file as the holder of `token` (none: anonymous). */
export function upload(path: string, file: Buffer, name: string, token: string | undefined) {
  return (token ? server.withToken(token) : server.anonymous()).upload(path, { bytes: file, name });
}

/** Polls an import until it is done or failed (the worker of the test server runs it). */
export async function finished(id: number, token: string | undefined) {
  for (let i = 0; i < 200; i++) {
    const res = await server.api('GET', `/learner/v-rest/import/${id}`, { token });
    expect(res.status).toBe(200);
    if (res.body.job.status === 'done' || res.body.job.status === 'failed') return res.body.job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${id} did not finish`);
}

export const learnersOf = (schoolId: number) =>
  server.query<{ id: number; first_name: string; last_name: string; grade: number; username: string }>`
    select id, first_name, last_name, grade, username from users where role = 'learner' and school_id = ${schoolId} and olympiad_id = ${demo.geoDemo} order by id`;
