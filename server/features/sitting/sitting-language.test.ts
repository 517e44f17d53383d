import { describe, expect, it } from 'vitest';

import { adminActingAs, attemptRow, call, demo, newLearner, server, useSittingServer } from './testing.js';

useSittingServer();

const choose = (token: string | undefined, language: string, o = 'geo-demo') =>
  token
    ? call(token, 'PUT', `/api/sitting/${o}/language`, { language })
    : server.api('PUT', `/api/sitting/${o}/language`, { body: { language } });

async function offer(languages: string[], defaultLanguage = languages[0]!) {
  await server.query`
    update olympiads set languages = string_to_array(${languages.join(',')}, ','), default_language = ${defaultLanguage}
    where id = ${demo.geoDemo}`;
}

describe('the language the learner writes in', () => {
  it('is kept on the attempt, created when the learner has none yet, and read back in the state', async () => {
    await offer(['en', 'af']);
    const { token, user } = await newLearner();
    expect(await attemptRow(user.id)).toBeUndefined();
    const res = await choose(token, 'af');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, language: 'af' });
    expect(await attemptRow(user.id)).toMatchObject({ language: 'af', started_at: null });
    const state = await call(token, 'GET', '/api/sitting/geo-demo/state');
    expect(state.body.attempt.language).toBe('af');
    expect(state.body.olympiad).toMatchObject({ languages: ['en', 'af'], defaultLanguage: 'en' });
    expect((await choose(token, 'en')).body).toEqual({ success: true, language: 'en' });
    expect(await attemptRow(user.id)).toMatchObject({ language: 'en' });
  });

  it('refuses a language the olympiad does not offer with 422, storing nothing', async () => {
    await offer(['en']);
    const { token, user } = await newLearner();
    const res = await choose(token, 'af');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, code: 'validation_failed', details: [{ path: 'body.language' }] });
    expect(await attemptRow(user.id)).toBeUndefined();
    expect((await choose(token, 'xh')).status).toBe(400);
  });

  it('answers 401 without a token, 403 to staff and to someone acting as the learner, 404 for another olympiad', async () => {
    await offer(['en', 'af']);
    const { token, user } = await newLearner();
    expect((await choose(undefined, 'af')).status).toBe(401);
    const { adminToken, actingToken } = await adminActingAs(user, 'language');
    expect((await choose(adminToken, 'af')).status).toBe(403);
    expect((await choose(actingToken, 'af')).status).toBe(403);
    const teacher = await server.signIn('teacher');
    expect((await choose(teacher.accessToken.token, 'af')).status).toBe(403);
    const foreign = await choose(token, 'af', 'geo-quick');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ success: false, code: 'not_found' });
    expect(await attemptRow(user.id)).toBeUndefined();
    await server.query`update users set disabled_at = now() where id = ${user.id}`;
    expect((await choose(token, 'af')).status).toBe(401);
  });
});

describe('the sitting’s messages in the request’s language', () => {
  const stateIn = (token: string, language: string) =>
    server.api('GET', '/api/sitting/geo-demo/state', { token, headers: { 'accept-language': language } });

  it('words the closed window in Afrikaans, its date as af-ZA writes it, and leaves English as it was', async () => {
    const { token } = await newLearner();
    const [{ starts_at: startsAt }] = (await server.query<{ starts_at: Date | null }>`
      select starts_at from olympiads where id = ${demo.geoDemo}`) as [{ starts_at: Date | null }];
    try {
      await server.query`update olympiads set starts_at = now() + interval '3 days' where id = ${demo.geoDemo}`;
      const af = await stateIn(token, 'af-ZA,af;q=0.9');
      expect(af.body.window.message).toMatch(/^Die olimpiade gaan oop op .+\.$/);
      expect(af.body.window.message).not.toMatch(
        /opens|January|February|March|April|May|June|July|August|September|October|November|December/,
      );
      const en = await stateIn(token, 'en-ZA');
      expect(en.body.window.message).toMatch(/^The olympiad opens on .+\.$/);
    } finally {
      await server.query`update olympiads set starts_at = ${startsAt} where id = ${demo.geoDemo}`;
    }
  });

  it('answers a step in Afrikaans, and the sign-in’s wrong password too', async () => {
    await offer(['en', 'af']);
    const { token, user } = await newLearner();
    const accepted = await server.api('POST', '/api/sitting/geo-demo/declaration', {
      token,
      body: { accept: true },
      headers: { 'accept-language': 'af' },
    });
    expect(accepted.body).toEqual({ success: true, message: 'Verklaring aanvaar' });
    const wrong = await server.api('POST', '/api/auth/signin', {
      body: { username: user.username, password: 'not-it', olympiadName: 'geo-demo', loginType: 'learner' },
      headers: { 'accept-language': 'af' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'wrong_password', message: 'Daardie wagwoord is nie reg nie' });
    const english = await server.api('POST', '/api/auth/signin', {
      body: { username: user.username, password: 'not-it', olympiadName: 'geo-demo', loginType: 'learner' },
    });
    expect(english.body).toMatchObject({ message: 'That password is not right' });
  });
});
