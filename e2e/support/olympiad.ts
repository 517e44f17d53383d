import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { demoPassword, tokenOf } from './session.js';

/** The answer's JSON, after checking it succeeded (its text is the failure's message). */
export async function ok<T>(response: Promise<APIResponse>): Promise<T> {
  const res = await response;
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

export interface LearnerAccount {
  id: number;
  username: string;
  password: string;
}

/** The one question an olympiad of its own has unless it is given others. */
const capitalQuestion = {
  type: 'true_false',
  prompt: '<p>Pretoria is one of South Africa’s capital cities.</p>',
  answerKey: { type: 'true_false', correct: true },
};

/**
 * An olympiad of its own, open for writing (so other journeys' learners are never held by its waiting room), with
 * one question (or the `questions` given), verified by the admin, and a learner of the teacher's school in it ("Queue
 * Learner"). `addLearner` puts
 * another in; `setRate` sets the waiting room's admissions a second (0 pauses admission; null is the server's
 * default). With `open: false` the olympiad opens for writing only when `open()` is called.
 */
export async function olympiadWithLearner(
  request: APIRequestContext,
  {
    prefix = 'queue',
    open: openNow = true,
    questions = [capitalQuestion],
  }: { prefix?: string; open?: boolean; questions?: Array<Record<string, unknown>> } = {},
) {
  const overlord = { Authorization: `Bearer ${await tokenOf(request, 'overlord')}` };
  const projects = await ok<{ items: Array<{ id: number }> }>(
    request.get('/olympus-project/v-rest/', { headers: overlord }),
  );
  const varName = `${prefix}-${Date.now().toString(36)}`;
  const hour = 3_600_000;
  const { olympiad } = await ok<{ olympiad: { id: number } }>(
    request.post('/olympiad/v-rest/', {
      headers: overlord,
      data: {
        projectId: projects.items[0]!.id,
        varName,
        title: 'Queue Olympiad',
        year: 2030,
        feeCents: 0,
        durationMinutes: 30,
        startsAt: new Date(Date.now() - hour).toISOString(),
        endsAt: new Date(Date.now() + 5 * hour).toISOString(),
        instructions: '<p>One question, thirty minutes.</p>',
        declaration: '<p>I write on my own.</p>',
      },
    }),
  );
  const { module } = await ok<{ module: { id: number } }>(
    request.post('/question-module/v-rest/', {
      headers: overlord,
      data: { olympiadId: olympiad.id, title: 'Capitals' },
    }),
  );
  const staff = await ok<{ items: Array<{ id: number; username: string }> }>(
    request.get('/olympiad-grant/v-rest/staff-search?search=admin', { headers: overlord }),
  );
  await ok(
    request.post('/olympiad-grant/v-rest/', {
      headers: overlord,
      data: { olympiadId: olympiad.id, userId: staff.items.find((u) => u.username === 'admin')!.id, role: 'admin' },
    }),
  );
  // An olympiad opens only on a clean check: the admin, who did not write the questions, verifies each.
  const admin = { Authorization: `Bearer ${await tokenOf(request, 'admin')}` };
  for (const question of questions) {
    const created = await ok<{ question: { id: number } }>(
      request.post('/question/v-rest/', { headers: overlord, data: { questionModuleId: module.id, ...question } }),
    );
    await ok(request.post(`/question/v-rest/${created.question.id}/verify`, { headers: admin }));
  }
  const teacher = await ok<{ schoolId: number }>(
    request.post('/api/auth/signin', {
      data: { username: 'teacher', password: demoPassword, olympiadName: null, loginType: 'staff' },
    }),
  );
  await ok(
    request.post('/school-participant/v-rest/', {
      headers: overlord,
      data: { olympiadId: olympiad.id, schoolId: teacher.schoolId },
    }),
  );
  const addLearner = async (firstName: string, lastName = 'Learner') =>
    (
      await ok<{ learner: LearnerAccount }>(
        request.post('/learner/v-rest/', {
          headers: overlord,
          data: { olympiadId: olympiad.id, schoolId: teacher.schoolId, firstName, lastName, grade: 9 },
        }),
      )
    ).learner;
  const learner = await addLearner('Queue');
  const open = () => ok(request.get(`/olympiad/api/set-olympiad-open/${olympiad.id}/true`, { headers: overlord }));
  if (openNow) await open();
  const setRate = (admissionsPerSecond: number | null) =>
    ok(
      request.put('/api/sitting-waiting-room', {
        headers: overlord,
        params: { olympiadId: olympiad.id },
        data: { admissionsPerSecond },
      }),
    );
  return { varName, olympiadId: olympiad.id, learner, addLearner, setRate, open };
}
