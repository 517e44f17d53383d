import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createOlympiad, createSchool, enterSchool } from '../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from './harness.js';

/** Setup shared by the schools and teachers test files (schools, eoi, teachers): a server, staff tokens, another olympiad. */

export let server: TestServer;
export let demo: DemoIds;
export const tokens: Record<string, string> = {};
export let otherOlympiad: { id: number };
export let otherSchool: { id: number };

/** Starts the calling file's server, signs the staff in, enters a school in another olympiad; throttles clear before each test. */
export function useSchoolsServer(): void {
  beforeAll(async () => {
    server = await startTestServer();
    demo = await demoIds(server);
    for (const u of ['overlord', 'admin', 'accountant', 'funding', 'teacher', 'teacher2'])
      tokens[u] = (await server.signIn(u)).accessToken.token;
    tokens.learner = (await server.signIn('learner1', { olympiadName: 'geo-demo' })).accessToken.token;
    otherOlympiad = await createOlympiad(server.db);
    otherSchool = await createSchool(server.db, { name: 'Other Olympiad School', town: 'Durban' });
    await enterSchool(server.db, otherOlympiad.id, otherSchool.id);
  });
  afterAll(() => server?.close());
  beforeEach(async () => {
    await server.query`delete from throttles`;
  });
}

export const get = (path: string, who?: string) => server.api('GET', path, { token: who ? tokens[who] : null });
