import type { FastifyInstance } from 'fastify';
import { PublicSystemConfig, RuntimeSettings, SystemConfigBody } from '#contract/system-config';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { effectiveSettings } from '../../platform/runtime-settings.js';
import { systemConfigPolicy } from './policy.js';
import { presentSystemConfig } from './present.js';
import * as queries from './queries.js';

const tags = ['system-config'];
const { access } = systemConfigPolicy;

/**
 * docs/spec.md §7 "GET api/system-config/" and its write, POST on the same path as "GET and POST api/site-copy/"
 * (decision 036): the runtime settings, applied without a restart by every server process.
 */
export async function systemConfigRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/system-config/',
    summary:
      'The runtime settings in effect (support address, mail rate, sign-in limits, maintenance banner), the ' +
      'environment’s defaults, and the environment’s settings read-only with secrets masked',
    tags,
    access: access.read,
    response: SystemConfigBody,
    handler: async ({ db }) => {
      const stored = await queries.storedWithAuthor(db);
      const settings = effectiveSettings(app.settings.defaults, stored?.settings ?? null);
      return presentSystemConfig(app.config, settings, app.settings.defaults, stored);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/system-config/',
    summary:
      'Save the runtime settings (all of them): this process applies them at once, every other within a few seconds',
    tags,
    access: access.update,
    body: RuntimeSettings,
    response: SystemConfigBody,
    // Its own transaction, so that this process takes the settings only once they are committed.
    handler: async ({ actor, req, body }) => {
      const saved = await app.db.transaction(async (tx) => {
        const before = effectiveSettings(
          app.settings.defaults,
          (await queries.storedWithAuthor(tx, true))?.settings ?? null,
        );
        await queries.saveSettings(tx, body, actor.userId);
        await audit(tx, actor, 'system-config.update', { entityId: 1, ip: req.ip, data: { before, after: body } });
        return queries.storedWithAuthor(tx);
      });
      app.settings.use(body);
      return presentSystemConfig(
        app.config,
        body,
        app.settings.defaults,
        saved,
        'The settings are saved and in effect',
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/system-config/public',
    summary: 'What every page shows: the maintenance banner (null when none) and the support address',
    tags: ['public'],
    access: access.readPublic,
    response: PublicSystemConfig,
    handler: async () => {
      const settings = await app.settings.get();
      return {
        success: true as const,
        maintenanceBanner: settings.maintenanceBanner || null,
        supportEmail: settings.supportEmail,
      };
    },
  });
}
