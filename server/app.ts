import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { z } from 'zod';
import { customError, setMessageTranslator } from '#contract/messages';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { registerAuthentication } from './features/auth/authenticate.js';
import { authRoutes } from './features/auth/routes.js';
import { sessionsRoutes } from './features/auth/sessions-routes.js';
import { twoFactorRoutes } from './features/auth/two-factor-routes.js';
import { contactRoutes } from './features/contacts/contact-routes.js';
import { contentRoutes } from './features/content/routes.js';
import { copyRoutes } from './features/copy/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { metricsRoutes } from './features/metrics/routes.js';
import { jobsRoutes } from './features/jobs/routes.js';
import { olympiadsRoutes } from './features/olympiads/routes.js';
import { publicRoutes } from './features/public/routes.js';
import { questionsRoutes } from './features/questions/routes.js';
import { sittingRoutes } from './features/sitting/routes.js';
import { reportsRoutes } from './features/reports/routes.js';
import { financeRoutes } from './features/finance/routes.js';
import { resultsRoutes } from './features/results/routes.js';
import { certificatesRoutes } from './features/certificates/routes.js';
import { countriesRoutes } from './features/countries/routes.js';
import { schoolsRoutes } from './features/schools/routes.js';
import { teachersRoutes } from './features/teachers/routes.js';
import { teacherSessionRoutes } from './features/teachers/session-routes.js';
import { learnersRoutes } from './features/learners/routes.js';
import { logsRoutes } from './features/logs/routes.js';
import { spaRoutes } from './features/spa/routes.js';
import { systemConfigRoutes } from './features/system-config/routes.js';
import { usersRoutes } from './features/users/routes.js';
import { userSessionsRoutes } from './features/users/session-routes.js';
import type { Actor } from './http/actor.js';
import { documentOptions, errorSchema } from './http/document.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './http/error-handler.js';
import { contractTranslator, registerRequestLanguage } from './http/request-language.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import type { Mailer } from './platform/mailer.js';
import { registerMailRuntime } from './platform/mail-runtime.js';
import { registerRuntimeSettings } from './platform/runtime-settings.js';
import { registerJobRuntime } from './platform/jobs.js';
import { registerChangeFeed } from './platform/change-feed.js';
import { registerPublicPages } from './platform/public-pages.js';
import { registerArrivalGate } from './platform/arrival-gate.js';
import { registerMetrics } from './platform/metrics.js';
import { registerPlatformReadings } from './platform/metrics-readings.js';
import { registerUploads } from './platform/upload.js';
import { type LogFormat, prettyTransport } from './platform/log-format.js';
import { type AppLogSink, createAppLogSink } from './platform/app-log.js';
import { mailRoutes } from './features/mail/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    mailer: Mailer;
    /** Where warnings and errors are kept for the app log viewer (platform/app-log.ts). */
    appLog: AppLogSink;
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
  /** Where the log lines go (default standard output); tests capture them. */
  logStream?: NodeJS.WritableStream;
  /** JSON lines (default) or pretty lines for a terminal (server/platform/log-format.ts). */
  logFormat?: LogFormat;
  /** Routes beside the product's, registered after them: only the benchmarks pass any (server/start.ts). */
  routes?: FastifyPluginAsync[];
}

/** A request's path without its query string: query values (reset hashes, sealed passwords) are secrets. */
const pathOf = (url: string | undefined) => (url ?? '').split('?')[0];

/**
 * A query error from drizzle carries the statement's parameters in its message (`…\nparams: …`), which
 * can hold password hashes and personal data: the logged copy keeps the statement and drops them.
 */
function withoutQueryParameters(err: unknown): unknown {
  if (!(err instanceof Error) || !('params' in err)) return err;
  const cut = err.message.indexOf('\nparams:');
  if (cut < 0) return err;
  const message = err.message.slice(0, cut);
  const copy = new Error(message, { cause: err.cause });
  copy.name = err.name;
  copy.stack = err.stack?.replace(err.message, message);
  return copy;
}

const levelValue = (level: Config['logLevel']) => (level === 'silent' ? Infinity : pino.levels.values[level]!);

/**
 * Pino options: JSON lines with a request id, and no secrets. With an app log sink (decision 037), warnings
 * and errors also go, redacted the same way, to the database, whatever the level of standard output.
 */
export function loggerOptions(
  level: Config['logLevel'],
  format: LogFormat = 'json',
  stream?: NodeJS.WritableStream,
  appLog?: AppLogSink,
) {
  const out = () => (format === 'pretty' ? pino.transport(prettyTransport) : (stream ?? process.stdout));
  const destination = appLog
    ? {
        level: levelValue(level) <= levelValue('warn') ? level : 'warn',
        stream: pino.multistream([
          ...(level === 'silent' ? [] : [{ level, stream: out() }]),
          { level: 'warn', stream: appLog.stream },
        ]),
      }
    : { level, ...(format === 'pretty' ? { transport: prettyTransport } : stream ? { stream } : {}) };
  return {
    ...destination,
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: pathOf(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: (err: Error) => pino.stdSerializers.err(withoutQueryParameters(err) as Error),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'password',
        'token',
        'accessToken',
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
  // Every refused value is worded for people (contract/messages.ts), in the error shape's details as in the forms,
  // in the language of the request being answered (http/request-language.ts, decision 097).
  z.config({ customError });
  setMessageTranslator(contractTranslator);
  const appLogSink = createAppLogSink();
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logFormat, deps.logStream, appLogSink),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Loading the public site's renderer (a large module) took more than avvio's default 10 s on a busy machine, and
    // the server then refused to start: a slow start is better than none.
    pluginTimeout: 60_000,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('mailer', deps.mailer);
  app.decorate('apiRoutes', []);
  app.decorate('appLog', appLogSink);
  appLogSink.attach(deps.database.db);
  app.addHook('onClose', () => appLogSink.close());

  // Validation is done by the route helper with zod; the JSON Schemas attached to routes are for the docs.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // Every route must declare who may call it: a route without `config.access` is refused
  // at start-up. Only the generated API documentation is exempt.
  app.addHook('onRoute', (opts) => {
    if (opts.url.startsWith('/api/docs')) return;
    if (!opts.config?.access) throw new Error(`Route ${String(opts.method)} ${opts.url} declares no access policy`);
  });

  registerErrorHandling(app);
  registerRequestLanguage(app);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  // OpenAPI 3.1, whose schemas are JSON Schema 2020-12: zod's own output (decision 072; http/document.ts).
  await app.register(swagger, documentOptions);
  app.addSchema(errorSchema);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerAuthentication(app);
  // Before the runtimes and features, which add their figures to it (decision 101).
  registerMetrics(app);
  registerPlatformReadings(app);
  registerChangeFeed(app);
  registerPublicPages(app);
  registerRuntimeSettings(app);
  registerArrivalGate(app);
  registerMailRuntime(app);
  registerJobRuntime(app);
  await registerUploads(app);

  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(authRoutes);
  await app.register(sessionsRoutes);
  await app.register(twoFactorRoutes);
  await app.register(publicRoutes);
  await app.register(mailRoutes);
  await app.register(contactRoutes);
  await app.register(sittingRoutes);
  await app.register(reportsRoutes);
  await app.register(schoolsRoutes);
  await app.register(teachersRoutes);
  await app.register(teacherSessionRoutes);
  await app.register(countriesRoutes);
  await app.register(financeRoutes);
  await app.register(resultsRoutes);
  await app.register(certificatesRoutes);
  await app.register(jobsRoutes);
  await app.register(learnersRoutes);
  await app.register(olympiadsRoutes);
  await app.register(questionsRoutes);
  await app.register(contentRoutes);
  await app.register(copyRoutes);
  await app.register(logsRoutes);
  await app.register(usersRoutes);
  await app.register(userSessionsRoutes);
  await app.register(systemConfigRoutes);
  for (const extra of deps.routes ?? []) await app.register(extra);
  if (deps.serveWeb) await app.register(spaRoutes, { root: deps.webRoot });
  return app;
}
