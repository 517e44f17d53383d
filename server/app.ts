import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { registerAuthentication } from './features/auth/authenticate.js';
import { authRoutes } from './features/auth/routes.js';
import { contentRoutes } from './features/content/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { olympiadsRoutes } from './features/olympiads/routes.js';
import { publicRoutes } from './features/public/routes.js';
import { questionsRoutes } from './features/questions/routes.js';
import { sittingRoutes } from './features/sitting/routes.js';
import { eoiRoutes } from './features/schools/eoi-routes.js';
import { financeRoutes } from './features/finance/routes.js';
import { schoolsRoutes } from './features/schools/routes.js';
import { learnersRoutes } from './features/learners/routes.js';
import { webRoutes } from './features/web/routes.js';
import type { Actor } from './http/actor.js';
import { frameworkErrorHandler, registerErrorHandling } from './http/error-handler.js';
import type { Mailer } from './platform/mailer.js';
import { registerMailRuntime } from './platform/mail-runtime.js';
import { registerJobRuntime } from './platform/jobs.js';
import { type LogFormat, prettyTransport } from './platform/log-format.js';
import { mailRoutes } from './features/mail/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    mailer: Mailer;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Serve the built web app from dist/web (off in API tests). */
  serveWeb?: boolean;
  /** Where the built web app is (default dist/web); tests point it at a fixture. */
  webRoot?: string;
  /** JSON lines (default) or pretty lines for a terminal (server/platform/log-format.ts). */
  logFormat?: LogFormat;
}

/** Pino options: JSON lines with a request id, and no secrets (issue 2, part 10). */
export function loggerOptions(level: Config['logLevel'], format: LogFormat = 'json') {
  return {
    level,
    ...(format === 'pretty' ? { transport: prettyTransport } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.accessToken',
      ],
      censor: '[redacted]',
    },
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logFormat),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
  });
  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('mailer', deps.mailer);
  app.decorate('apiRoutes', []);

  // Validation is done by the route helper with zod; the JSON Schemas attached to routes are for the docs.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // Every route must declare who may call it (issue 2, part 5): a route without `config.access` is refused
  // at start-up. Only the generated API documentation is exempt.
  app.addHook('onRoute', (opts) => {
    if (opts.url.startsWith('/api/docs')) return;
    if (!opts.config?.access) throw new Error(`Route ${String(opts.method)} ${opts.url} declares no access policy`);
  });

  registerErrorHandling(app);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Olympus API', version: '1.0.0', description: 'The API of the Olympus olympiad platform.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerAuthentication(app);
  registerMailRuntime(app);
  registerJobRuntime(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(publicRoutes);
  await app.register(mailRoutes);
  await app.register(sittingRoutes);
  await app.register(schoolsRoutes);
  await app.register(eoiRoutes);
  await app.register(financeRoutes);
  await app.register(learnersRoutes);
  await app.register(olympiadsRoutes);
  await app.register(questionsRoutes);
  await app.register(contentRoutes);
  if (deps.serveWeb) await app.register(webRoutes, { root: deps.webRoot });
  return app;
}
