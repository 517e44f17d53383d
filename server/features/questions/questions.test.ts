import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOlympiad, createUser, grant } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

let server: TestServer;
let demo: DemoIds;
let admin: string;
let accountant: string;
let otherAdmin: string;
let teacher: string;
let otherModule: number;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  admin = (await server.signIn('admin')).accessToken.token;
  accountant = (await server.signIn('accountant')).accessToken.token;
  teacher = (await server.signIn('teacher')).accessToken.token;
  const second = await createUser(server.db, { role: 'admin', username: 'second-admin', password: 'olympus-demo' });
  await grant(server.db, second.id, demo.geoDemo, 'admin');
  await server.signIn('second-admin');
  const other = await createOlympiad(server.db, { varName: 'other-olympiad' });
  const o = await createUser(server.db, { role: 'admin', username: 'other-admin', password: 'olympus-demo' });
  await grant(server.db, o.id, other.id, 'admin');
  otherAdmin = (await server.signIn('other-admin')).accessToken.token;
  const m = await server.api('POST', '/question-module/v-rest/', {
    token: otherAdmin,
    body: { olympiadId: other.id, title: 'Theirs' },
  });
  otherModule = m.body.module.id;
});
afterAll(() => server?.close());

const single = {
  type: 'single',
  prompt: '<p>Capital of Kenya?</p>',
  options: [
    { id: 'a', text: 'Nairobi' },
    { id: 'b', text: 'Mombasa' },
  ],
  answerKey: { type: 'single', correct: 'a' },
  marks: 2,
  difficulty: 'easy',
};

async function newModule(title = 'Maps') {
  const res = await server.api('POST', '/question-module/v-rest/', {
    token: admin,
    body: { olympiadId: demo.geoDemo, title, intro: '<p>Intro<script>x</script></p>' },
  });
  expect(res.status).toBe(200);
  return res.body.module as { id: number; intro: string; position: number };
}

describe('question-module/v-rest', () => {
  it('401, 403, 404 (another olympiad) with the row unchanged', async () => {
    expect((await server.api('GET', `/question-module/v-rest/?olympiadId=${demo.geoDemo}`)).status).toBe(401);
    expect(
      (await server.api('GET', `/question-module/v-rest/?olympiadId=${demo.geoDemo}`, { token: teacher })).status,
    ).toBe(403);
    expect(
      (await server.api('GET', `/question-module/v-rest/?olympiadId=${demo.geoDemo}`, { token: accountant })).status,
    ).toBe(403);
    expect(
      (await server.api('GET', `/question-module/v-rest/?olympiadId=${demo.geoDemo}`, { token: otherAdmin })).status,
    ).toBe(404);
    expect(
      (await server.api('PUT', `/question-module/v-rest/${otherModule}`, { token: admin, body: { title: 'Mine now' } }))
        .status,
    ).toBe(404);
    expect((await server.api('DELETE', `/question-module/v-rest/${otherModule}`, { token: admin })).status).toBe(404);
    const [row] = await server.query<{ title: string }>`select title from question_modules where id = ${otherModule}`;
    expect(row!.title).toBe('Theirs');
  });

  it('creates with sanitised intro at the end, edits, reorders, lists, deletes', async () => {
    const a = await newModule('A');
    const b = await newModule('B');
    expect(a.intro).toBe('<p>Intro</p>');
    expect(b.position).toBe(a.position + 1);
    const edited = await server.api('PUT', `/question-module/v-rest/${a.id}`, { token: admin, body: { title: 'A2' } });
    expect(edited.body.module.title).toBe('A2');
    const list = await server.api('GET', `/question-module/v-rest/?olympiadId=${demo.geoDemo}`, { token: admin });
    const ids = list.body.items.map((m: { id: number }) => m.id) as number[];
    const reversed = [...ids].reverse();
    expect(
      (
        await server.api('POST', `/question-module/v-rest/reorder?olympiadId=${demo.geoDemo}`, {
          token: admin,
          body: { ids: reversed },
        })
      ).status,
    ).toBe(200);
    const after = await server.api('GET', `/question-module/v-rest/?olympiadId=${demo.geoDemo}`, { token: admin });
    expect(after.body.items.map((m: { id: number }) => m.id)).toEqual(reversed);
    expect(
      (
        await server.api('POST', `/question-module/v-rest/reorder?olympiadId=${demo.geoDemo}`, {
          token: admin,
          body: { ids: [a.id] },
        })
      ).status,
    ).toBe(400);
    expect((await server.api('DELETE', `/question-module/v-rest/${b.id}`, { token: admin })).status).toBe(200);
  });

  it('POST /olympiad/modules/{id} answers the whole paper to admins only', async () => {
    expect((await server.api('POST', `/olympiad/modules/${demo.geoDemo}`)).status).toBe(401);
    expect((await server.api('POST', `/olympiad/modules/${demo.geoDemo}`, { token: otherAdmin })).status).toBe(404);
    const paper = await server.api('POST', `/olympiad/modules/${demo.geoDemo}`, { token: admin });
    expect(paper.status).toBe(200);
    expect(Array.isArray(paper.body.modules)).toBe(true);
  });
});

describe('question/v-rest', () => {
  it('validates every type and its key', async () => {
    const m = await newModule();
    const post = (body: object) =>
      server.api('POST', '/question/v-rest/', { token: admin, body: { questionModuleId: m.id, ...body } });
    expect((await post({ ...single, answerKey: { type: 'single', correct: 'z' } })).status).toBe(400);
    expect((await post({ ...single, options: [{ id: 'a', text: 'x' }] })).status).toBe(400);
    expect((await post({ ...single, answerKey: { type: 'true_false', correct: true } })).status).toBe(400);
    expect((await post({ ...single, imageUrl: '/question/image/1/x' })).status).toBe(400);
    const types = [
      single,
      {
        type: 'multiple',
        prompt: 'Which are rivers?',
        options: [
          { id: 'a', text: 'Orange' },
          { id: 'b', text: 'Vaal' },
          { id: 'c', text: 'Drakensberg' },
        ],
        answerKey: { type: 'multiple', correct: ['a', 'b'] },
      },
      { type: 'true_false', prompt: 'The Nile flows north.', answerKey: { type: 'true_false', correct: true } },
      {
        type: 'numeric',
        prompt: 'Height of Table Mountain (m)?',
        answerKey: { type: 'numeric', value: 1085, tolerance: 5 },
      },
      { type: 'short_text', prompt: 'Largest desert?', answerKey: { type: 'short_text', accepted: ['Sahara'] } },
    ];
    for (const t of types) expect((await post(t)).status).toBe(200);
    const list = await server.api('GET', `/question/v-rest/?questionModuleId=${m.id}&sort=position`, { token: admin });
    expect(list.body.items.map((q: { type: string }) => q.type)).toEqual([
      'single',
      'multiple',
      'true_false',
      'numeric',
      'short_text',
    ]);
    expect(list.body.total).toBe(5);
  });

  it('401/403/404 and the row unchanged', async () => {
    const m = await newModule();
    const q = (
      await server.api('POST', '/question/v-rest/', { token: admin, body: { questionModuleId: m.id, ...single } })
    ).body.question;
    expect((await server.api('GET', `/question/v-rest/?questionModuleId=${m.id}`)).status).toBe(401);
    expect((await server.api('GET', `/question/v-rest/?questionModuleId=${m.id}`, { token: teacher })).status).toBe(
      403,
    );
    expect((await server.api('GET', `/question/v-rest/single?questionId=${q.id}`, { token: otherAdmin })).status).toBe(
      404,
    );
    expect(
      (
        await server.api('PUT', `/question/v-rest/${q.id}`, {
          token: otherAdmin,
          body: { ...single, prompt: 'hacked' },
        })
      ).status,
    ).toBe(404);
    expect((await server.api('DELETE', `/question/v-rest/${q.id}`, { token: otherAdmin })).status).toBe(404);
    expect(
      (
        await server.api('POST', '/question/v-rest/', {
          token: otherAdmin,
          body: { questionModuleId: m.id, ...single },
        })
      ).status,
    ).toBe(404);
    const [row] = await server.query<{ prompt: string }>`select prompt from questions where id = ${q.id}`;
    expect(row!.prompt).toBe('<p>Capital of Kenya?</p>');
  });

  it('sanitises the prompt, duplicates, reorders, retires, deletes', async () => {
    const m = await newModule();
    const q = (
      await server.api('POST', '/question/v-rest/', {
        token: admin,
        body: {
          questionModuleId: m.id,
          ...single,
          prompt: '<p onmouseover="x()">Where?<img src="javascript:1" alt="a"></p>',
        },
      })
    ).body.question;
    expect(q.prompt).toBe('<p>Where?<img src alt="a"></p>');
    const copy = (await server.api('POST', `/question/v-rest/${q.id}/duplicate`, { token: admin })).body.question;
    expect(copy.position).toBe(q.position + 1);
    expect(
      (
        await server.api('POST', `/question/v-rest/reorder?questionModuleId=${m.id}`, {
          token: admin,
          body: { ids: [copy.id, q.id] },
        })
      ).status,
    ).toBe(200);
    const retired = await server.api('POST', `/question/v-rest/${copy.id}/retire?retired=true`, { token: admin });
    expect(retired.body.question.retired).toBe(true);
    expect((await server.api('DELETE', `/question/v-rest/${q.id}`, { token: admin })).status).toBe(200);
  });

  it('verification: a second admin, not the last editor; editing clears it; the check turns green', async () => {
    const o = await createOlympiad(server.db, {
      varName: 'verify-me',
      startsAt: new Date(Date.now() + 86_400_000),
      endsAt: new Date(Date.now() + 2 * 86_400_000),
    });
    await grant(server.db, demo.users.admin, o.id, 'admin');
    const me = (await server.signIn('admin')).accessToken.token;
    const u2 = await createUser(server.db, { role: 'admin', username: 'verifier-2', password: 'olympus-demo' });
    await grant(server.db, u2.id, o.id, 'admin');
    const second = (await server.signIn('verifier-2')).accessToken.token;
    const before = await server.api('GET', `/olympiad/verify/${o.id}`, { token: me });
    expect(before.body.blockers.map((b: { kind: string }) => b.kind)).toContain('no_modules');
    const m = (
      await server.api('POST', '/question-module/v-rest/', { token: me, body: { olympiadId: o.id, title: 'One' } })
    ).body.module;
    const empty = await server.api('GET', `/olympiad/verify/${o.id}`, { token: me });
    expect(empty.body.blockers.map((b: { kind: string }) => b.kind)).toContain('module_without_questions');
    const q = (
      await server.api('POST', '/question/v-rest/', {
        token: me,
        body: { questionModuleId: m.id, ...single, answerKey: null },
      })
    ).body.question;
    const noKey = await server.api('GET', `/olympiad/verify/${o.id}`, { token: me });
    expect(noKey.body.blockers.map((b: { kind: string }) => b.kind)).toEqual([
      'question_without_answer',
      'question_unverified',
    ]);
    await server.api('PUT', `/question/v-rest/${q.id}`, { token: me, body: single });
    expect((await server.api('POST', `/question/v-rest/${q.id}/verify`, { token: me })).status).toBe(403);
    const ok = await server.api('POST', `/question/v-rest/${q.id}/verify`, { token: second });
    expect(ok.body.question).toMatchObject({ verified: true, verifiedBy: 'verifier-2' });
    const green = await server.api('GET', `/olympiad/verify/${o.id}`, { token: me });
    expect(green.body).toMatchObject({ ready: true, blockers: [] });
    const edited = await server.api('PUT', `/question/v-rest/${q.id}`, { token: me, body: { ...single, marks: 3 } });
    expect(edited.body.question.verified).toBe(false);
  });

  it('once learners answered: no delete (retire), a key fix needs confirmation and is audited', async () => {
    const m = await newModule();
    const q = (
      await server.api('POST', '/question/v-rest/', { token: admin, body: { questionModuleId: m.id, ...single } })
    ).body.question;
    const [attempt] = await server.query<{ id: number }>`
      insert into attempts (olympiad_id, user_id) values (${demo.geoDemo}, ${demo.users.learner2}) returning id`;
    await server.query`insert into answers (attempt_id, question_id, value) values (${attempt!.id}, ${q.id}, ${JSON.stringify({ type: 'single', optionId: 'b' })}::jsonb)`;
    expect((await server.api('DELETE', `/question/v-rest/${q.id}`, { token: admin })).status).toBe(409);
    const fix = { ...single, answerKey: { type: 'single', correct: 'b' } };
    const refused = await server.api('PUT', `/question/v-rest/${q.id}`, { token: admin, body: fix });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('affects 1 answer');
    const done = await server.api('PUT', `/question/v-rest/${q.id}`, {
      token: admin,
      body: { ...fix, confirmKeyChange: true },
    });
    expect(done.body.question.answerKey).toEqual({ type: 'single', correct: 'b' });
    const [log] = await server.query<{
      n: number;
    }>`select count(*)::int as n from audit_log where action = 'question.key-fix' and entity_id = ${String(q.id)}`;
    expect(log!.n).toBe(1);
  });
});

describe('question images', () => {
  const upload = (token: string | null, olympiadId: number, bytes: Buffer, name = 'map.png') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return fetch(`${server.url}/question/image?olympiadId=${olympiadId}`, {
      method: 'POST',
      body: form,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  };

  it('stores an image checked by content and serves it; refuses other files', async () => {
    expect((await upload(null, demo.geoDemo, PNG)).status).toBe(401);
    expect((await upload(otherAdmin, demo.geoDemo, PNG)).status).toBe(404);
    const bad = await upload(admin, demo.geoDemo, Buffer.from('<script>alert(1)</script>'), 'evil.png');
    expect(bad.status).toBe(415);
    const big = await upload(admin, demo.geoDemo, Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    const ok = await upload(admin, demo.geoDemo, PNG);
    expect(ok.status).toBe(200);
    const { url } = (await ok.json()) as { url: string };
    const image = await fetch(server.url + url);
    expect(image.headers.get('content-type')).toBe('image/png');
    // Kept re-encoded (decision 067): the same pixels, not necessarily the same bytes.
    const pixels = (bytes: Buffer) => sharp(bytes).ensureAlpha().raw().toBuffer();
    expect((await pixels(Buffer.from(await image.arrayBuffer()))).equals(await pixels(PNG))).toBe(true);
    expect((await fetch(server.url + url.replace(/[0-9a-f]{32}$/, '0'.repeat(32)))).status).toBe(404);
  });
});
