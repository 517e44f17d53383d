import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectRowsUnchanged } from '../test/endpoint.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../test/harness.js';

/**
 * Every refused value is worded for people (contract/messages.ts): zod's own words ("Too big: expected string to
 * have <=100 characters") never reach the error shape's details, and a schema's own message still wins.
 */
let server: TestServer;
let demo: DemoIds;
beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
});
afterAll(() => server?.close());

const learners = 'select id, first_name, last_name, grade from users where role = $$learner$$ order by id';

describe('the error shape’s field messages are written for people', () => {
  it('a name too long, a grade out of range and an unknown field: each told in plain words, nothing stored', async () => {
    const teacher = await server.as('teacher');
    const res = await expectRowsUnchanged(server, learners, () =>
      teacher.post('/learner/v-rest/', {
        body: { olympiadId: demo.geoDemo, firstName: 'A'.repeat(101), lastName: 'Mokoena', grade: 15, nickname: 'x' },
      }),
    );
    expectError(res, 400);
    const details = (res.body as { details: { path: string; message: string }[] }).details;
    expect(details).toEqual(
      expect.arrayContaining([
        { path: 'body.firstName', message: 'Use at most 100 characters' },
        // The contract's own message wins over the map's.
        { path: 'body.grade', message: 'Grades go from 1 to 12' },
        { path: 'body', message: '“nickname” is not something that can be sent here' },
      ]),
    );
    for (const d of details) expect(d.message).not.toMatch(/Too big|Too small|expected|Invalid|Unrecognized/);
  });

  it('a missing field, a wrong type and a bad email read as a person would say them', async () => {
    const res = await server.anonymous().post('/website/api/eoi', {
      body: { olympiadId: demo.geoDemo, schoolName: 'Hoërskool Test', emisNumber: 'abc', teacherEmail: 'not-an-email' },
    });
    expectError(res, 400);
    const messages = (res.body as { details: { path: string; message: string }[] }).details.map((d) => d.message);
    // town, first name, surname: missing (the schemas' own words where they have them, e.g. the province).
    expect(messages).toEqual(expect.arrayContaining(['Fill this in', 'Choose the province']));
    for (const m of messages) expect(m).not.toMatch(/Too big|Too small|expected|Invalid input|Unrecognized/);
  });
});
