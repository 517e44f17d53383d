import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeSettings } from '#contract/system-config';
import { createSettingsCache } from '../../platform/runtime-settings.js';
import { expectError, expectRowsUnchanged, forbiddenFor, unauthenticated } from '../../test/endpoint.js';
import { type Client, type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/** System config (api/system-config/): 401, 403 for every other role, bad input 400 unchanged, happy paths. */
let server: TestServer;
let demo: DemoIds;
let overlord: Client;
const notOverlord = ['admin', 'admin2', 'accountant', 'funding', 'teacher', 'learner1'] as const;
const configRows = 'select id, settings, updated_at, updated_by from system_config order by id';
const APP_SECRET = 'a-very-secret-app-secret-of-the-test-0123456789';

beforeAll(async () => {
  server = await startTestServer({ env: { APP_SECRET, CONTACT_EMAIL: 'organisers@example.org' } });
  demo = await demoIds(server);
  overlord = await server.as('overlord');
});
afterAll(() => server?.close());

const settings = (over: Partial<RuntimeSettings> = {}): RuntimeSettings => ({
  supportEmail: 'help@example.org',
  mailRatePerMinute: 120,
  limits: {
    signinFailuresPerAccount: 1,
    signinFailuresPerAddress: 30,
    signinFailuresAcrossAddresses: 300,
    signinWindowMinutes: 15,
    signinDelaySeconds: 600,
    signinMaxDelaySeconds: 600,
    forgotPerAccount: 3,
    forgotPerAddress: 20,
  },
  maintenanceBanner: 'The platform is down for maintenance on Saturday 06:00–08:00.',
  twoFactorRoles: [],
  ...over,
});

describe('GET /api/system-config/', () => {
  const read = (c: Client) => c.get('/api/system-config/');

  it('401 without a token, 403 for every role but the overlord', async () => {
    await unauthenticated(server, read);
    await forbiddenFor(server, notOverlord, read);
  });

  it('answers the environment’s values while nothing is saved, and the environment with secrets masked', async () => {
    const res = await read(overlord);
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual(res.body.defaults);
    expect(res.body.settings).toMatchObject({ supportEmail: 'organisers@example.org', maintenanceBanner: '' });
    expect(res.body.updatedAt).toBeNull();
    const env = Object.fromEntries(res.body.environment.map((e: { name: string }) => [e.name, e]));
    expect(env.APP_SECRET).toEqual({ name: 'APP_SECRET', value: null, secret: true, set: true });
    expect(env.MAIL_RATE_PER_MINUTE).toMatchObject({ value: '600', secret: false });
    expect(res.text).not.toContain(APP_SECRET);
    if (process.env.DATABASE_URL)
      expect(env.DATABASE_URL.value).not.toContain(new URL(process.env.DATABASE_URL).password || '\u0000');
  });
});

describe('POST /api/system-config/', () => {
  const save = (body: unknown) => (c: Client) => c.post('/api/system-config/', { body });

  it('401, 403 for every role but the overlord; bad input 400; nothing stored', async () => {
    await expectRowsUnchanged(server, configRows, async () => {
      await unauthenticated(server, save(settings()));
      await forbiddenFor(server, notOverlord, save(settings()));
      expectError(await save(settings({ mailRatePerMinute: 0 }))(overlord), 400);
      expectError(await save(settings({ supportEmail: 'nobody' }))(overlord), 400);
      expectError(await save(settings({ maintenanceBanner: 'x'.repeat(501) }))(overlord), 400);
      expectError(await save({ ...settings(), secret: 'x' })(overlord), 400);
      expectError(await save({ supportEmail: 'help@example.org' })(overlord), 400);
      const limits = { ...settings().limits, signinDelaySeconds: 60, signinMaxDelaySeconds: 5 };
      const bad = await save(settings({ limits }))(overlord);
      expectError(bad, 400);
      expect(bad.body.details).toContainEqual(expect.objectContaining({ path: 'body.limits.signinMaxDelaySeconds' }));
      const narrow = { ...settings().limits, signinFailuresAcrossAddresses: 29 };
      const few = await save(settings({ limits: narrow }))(overlord);
      expectError(few, 400);
      expect(few.body.details).toContainEqual(
        expect.objectContaining({ path: 'body.limits.signinFailuresAcrossAddresses' }),
      );
      expectError(
        await overlord.post('/api/system-config/', {
          rawBody: 'nope',
          headers: { 'content-type': 'application/json' },
        }),
        400,
      );
    });
  });

  it('saves: stored, audited with before and after, and in effect at once (banner, sign-in limits, support address)', async () => {
    const before = (await overlord.get('/api/system-config/')).body.settings;
    const res = await save(settings())(overlord);
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual(settings());
    expect(res.body.updatedBy).toBe('overlord');
    const [row] = await server.query<{ settings: RuntimeSettings; updated_by: number }>`
      select settings, updated_by from system_config`;
    expect(row).toEqual({ settings: settings(), updated_by: demo.users.overlord });
    const [audit] = await server.query<{ data: { before: RuntimeSettings; after: RuntimeSettings } }>`
      select data from audit_log where action = 'system-config.update'`;
    expect(audit!.data).toEqual({ before, after: settings() });

    // The banner, for every page.
    const banner = await server.anonymous().get('/api/system-config/public');
    expect(banner.body).toEqual({
      success: true,
      maintenanceBanner: settings().maintenanceBanner,
      supportEmail: 'help@example.org',
    });
    // Sign-in limits: one free failure, then a wait.
    const attempt = () =>
      server.api('POST', '/api/auth/signin', {
        body: { username: 'accountant', password: 'wrong-password', loginType: 'staff' },
      });
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(429);
    // The mail sender's rate.
    expect((await server.app.settings.get()).mailRatePerMinute).toBe(120);
    // The platform's contact form writes to the support address.
    const contact = await server.anonymous().post('/website/api/contact', {
      body: { name: 'Visitor', email: 'visitor@example.org', message: 'Hello there, a question.' },
    });
    expect(contact.status).toBe(200);
    const [mail] = await server.query`select to_address from emails where kind = 'contact' order by id desc limit 1`;
    expect(mail).toEqual({ to_address: 'help@example.org' });

    // An empty banner is none.
    await save(settings({ maintenanceBanner: '   ' }))(overlord);
    expect((await server.anonymous().get('/api/system-config/public')).body.maintenanceBanner).toBeNull();
  });
});

describe('the settings in every process', () => {
  it('another process’s change is read within the refresh; a stored value that no longer passes gives way to the default', async () => {
    const defaults = server.app.settings.defaults;
    let clock = 1_000_000;
    const cache = createSettingsCache(
      server.db,
      defaults,
      (err) => {
        throw err;
      },
      3000,
      () => clock,
    );
    const first = await cache.get();
    // Another process saves (here: straight into the table).
    await server.query`update system_config set settings = ${JSON.stringify({
      ...first,
      maintenanceBanner: 'Written elsewhere',
      mailRatePerMinute: -5,
    })}::jsonb`;
    expect((await cache.get()).maintenanceBanner).toBe(first.maintenanceBanner);
    clock += 2999;
    expect((await cache.get()).maintenanceBanner).toBe(first.maintenanceBanner);
    clock += 1;
    const next = await cache.get();
    expect(next.maintenanceBanner).toBe('Written elsewhere');
    expect(next.mailRatePerMinute).toBe(defaults.mailRatePerMinute);
  });
});
