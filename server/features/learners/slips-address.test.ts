import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LearnerPage } from '#contract/learners';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/**
 * The learners' list says where the sign-in slips send learners (PUBLIC_URL) and whether only this machine reaches
 * it, so the page that prints the slips can warn: on a server left at a local address and on one with a public name.
 */
let local: TestServer;
let named: TestServer;
let demo: DemoIds;

beforeAll(async () => {
  // One after the other: two servers starting at once may not start in time on a busy machine.
  local = await startTestServer({ env: { PUBLIC_URL: 'http://localhost:3000/', JOBS_WORKER: 'false' } });
  named = await startTestServer({ env: { JOBS_WORKER: 'false' } });
  demo = await demoIds(local);
});
afterAll(async () => {
  await Promise.all([local?.close(), named?.close()]);
});

describe('GET /learner/v-rest/ publicAddress', () => {
  it('says the slips print a local address, to a teacher and to an admin', async () => {
    const teacher = await (
      await local.as('teacher')
    ).get('/learner/v-rest/', { query: { olympiadId: demo.geoDemo }, schema: LearnerPage });
    expect(teacher.status).toBe(200);
    expect(teacher.body.items.length).toBeGreaterThan(0);
    expect(teacher.body.publicAddress).toEqual({ url: 'http://localhost:3000', local: true });
    const admin = await (
      await local.as('admin')
    ).get('/learner/v-rest/', { query: { olympiadId: demo.geoDemo, schoolId: demo.school1 }, schema: LearnerPage });
    expect(admin.body.publicAddress.local).toBe(true);
  });

  it('has nothing to warn about on a server with a public name', async () => {
    const res = await (
      await named.as('teacher')
    ).get('/learner/v-rest/', { query: { olympiadId: demo.geoDemo }, schema: LearnerPage });
    expect(res.status).toBe(200);
    expect(res.body.publicAddress.local).toBe(false);
    expect(res.body.publicAddress.url).toMatch(/^https?:\/\//);
  });
});
