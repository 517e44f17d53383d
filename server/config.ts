import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An empty variable is no setting at all (a blank line in an environment file). */
const unsetWhenBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

/** One schema over the environment, parsed once at start: a bad value stops the server with a message naming it. */
const Env = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Unset: every interface, or only 127.0.0.1 while the demo accounts exist (server/seed/demo-policy.ts). */
    HOST: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
      .optional(),
    /** Connections each server process keeps open at most (N processes open up to N times this). */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
    /**
     * Open every connection of the pool at start and keep them (decision 057): a new PostgreSQL connection costs a
     * process fork and tens of milliseconds, which a storm's first second cannot wait for. On by default, off under
     * NODE_ENV=test (many test servers share one PostgreSQL).
     */
    DATABASE_POOL_WARM: boolish.optional(),
    /**
     * Server processes on PostgreSQL (decision 040): by default one per core; always one on the embedded PGlite,
     * which one process owns.
     */
    WEB_PROCESSES: z.coerce.number().int().min(1).max(256).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Olympus <no-reply@olympus.local>'),
    APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
    PUBLIC_URL: z.string().url('PUBLIC_URL must be an absolute URL, e.g. https://olympus.example.org').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** auto: pretty lines at a terminal outside production, else JSON lines (server/platform/log-format.ts). */
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    TRUST_PROXY: boolish.default(false),
    SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
    /**
     * Sign-in and recovery PIN (decision 064): failures an account has free from one address, or from one
     * browser that signed in to it before, before each further attempt there waits a delay (doubling from
     * SIGNIN_DELAY_SECONDS up to SIGNIN_MAX_DELAY_SECONDS); failures allowed for one username from one address
     * (or one such browser) in a window; attempts on one account from browsers it does not know, all addresses
     * together, in a window (its known browsers are never held to this); and the window (also how long failures
     * are remembered).
     */
    SIGNIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    SIGNIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
    SIGNIN_MAX_FAILURES_ACROSS_ADDRESSES: z.coerce.number().int().min(1).default(300),
    SIGNIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    SIGNIN_DELAY_SECONDS: z.coerce.number().min(0.1).default(5),
    SIGNIN_MAX_DELAY_SECONDS: z.coerce.number().min(0.1).default(600),
    /**
     * Forgot password (decision 064): reset mails one account receives in an hour, never two within 5 minutes
     * (further requests are answered alike and send nothing); requests from one address in an hour.
     */
    FORGOT_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
    FORGOT_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    SESSION_HOURS_STAFF: z.coerce.number().int().min(1).default(12),
    SESSION_HOURS_LEARNER: z.coerce.number().int().min(1).default(8),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    /** Exam day: how often the sweep finishes overdue attempts (0 turns it off; lazy finishing remains). */
    SITTING_SWEEP_SECONDS: z.coerce.number().min(0).default(15),
    /**
     * Exam day's waiting room (decision 041): learners admitted to the arrival steps a second, per olympiad,
     * unless its admin set its own figure; beyond it learners queue first come, first served. And how often each
     * process admits the next ones (0 turns this process's admitting off; another process, or a poll, still does).
     */
    SITTING_ADMISSIONS_PER_SECOND: z.coerce.number().int().min(0).default(200),
    SITTING_ADMIT_TICK_MS: z.coerce.number().int().min(0).default(500),
    /**
     * The time an arrival step should stay under (decision 051): while more than a tenth of a process's steps
     * take longer, or its event loop runs late by half of it, the servers admit fewer learners a second than
     * the setting, and more again as they recover. 0: always the setting.
     */
    SITTING_ADMIT_TARGET_MS: z.coerce.number().int().min(0).default(500),
    /**
     * The time an answer save should stay under (decision 055): while more than one save in fifty takes longer,
     * the servers admit fewer learners a second too, so that those already writing stay quick. 0: saves are
     * not judged.
     */
    SITTING_SAVE_TARGET_MS: z.coerce.number().int().min(0).default(100),
    /**
     * Answers given offline (decision 087): how long after a learner's deadline an answer given before it may still
     * arrive and count, from a learner the server had lost contact with. 0: none counts after the deadline.
     */
    OFFLINE_GRACE_MINUTES: z.coerce.number().int().min(0).default(30),
    /** Benchmarks only: seed this many learners in the olympiad `geo-bench` at start (bench/exam.ts). */
    BENCH_LEARNERS: z.coerce.number().int().min(0).max(100_000).default(0),
    BENCH_INVOICE_SCHOOLS: z.coerce.number().int().min(0).max(100_000).default(0),
    /** Benchmarks only: seed the olympiad `geo-certificates` with this many learners' published results (bench/certificates.ts). */
    BENCH_CERTIFICATE_LEARNERS: z.coerce.number().int().min(0).max(200_000).default(0),
    /** Benchmarks only: seed the olympiad `geo-reports` with this many learners, attempts and answers (bench/reports.ts). */
    BENCH_REPORT_LEARNERS: z.coerce.number().int().min(0).max(200_000).default(0),
    /**
     * Benchmarks only: how the bench learners' password is hashed: `generated` as the learner import does for
     * the passwords on the slips (light, decision 015), or `chosen` as for a password someone set (decision 003).
     */
    BENCH_LEARNER_PASSWORDS: z.enum(['generated', 'chosen']).default('generated'),
    /** The background mail sender (decision 010). */
    MAIL_SENDER: boolish.default(true),
    MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    MAIL_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(20),
    MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
    MAIL_POLL_MS: z.coerce.number().int().min(10).default(1000),
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
    MAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0).default(60),
    MAIL_SENDING_LEASE_MINUTES: z.coerce.number().int().min(1).default(15),
    /** Background jobs (decision 021): run the worker in this process, how often it looks, the claim's lease. */
    JOBS_WORKER: boolish.default(true),
    JOBS_POLL_MS: z.coerce.number().int().min(10).default(1000),
    JOBS_LEASE_SECONDS: z.coerce.number().int().min(5).default(120),
    /** The app log (decision 037): days its warnings and errors are kept before the prune job removes them. */
    APP_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /**
     * The contact forms (/olympus/contact, /{projectName}/contact): where the platform's messages go, and a
     * project's own address as `projectName=address` pairs separated by commas (a project without one writes to
     * CONTACT_EMAIL); how many messages one address (IP) and one sender's email may send an hour.
     */
    CONTACT_EMAIL: z
      .string()
      .trim()
      .email('CONTACT_EMAIL must be an email address')
      .default('organisers@olympus.local'),
    CONTACT_EMAILS: z
      .string()
      .default('')
      .transform((v, ctx) => {
        const map: Record<string, string> = {};
        for (const pair of v
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean)) {
          const [name, address] = pair.split('=').map((p) => p.trim());
          if (!name || !address || !z.string().email().safeParse(address).success) {
            ctx.addIssue({ code: 'custom', message: `CONTACT_EMAILS: "${pair}" is not projectName=address` });
            continue;
          }
          map[name.toLowerCase()] = address;
        }
        return map;
      }),
    CONTACT_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
    CONTACT_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(3),
    /** The Watch page's counters: how often they are read again (one query per process per refresh). */
    WATCH_REFRESH_SECONDS: z.coerce.number().min(0.1).max(300).default(5),
    /** How old the report overviews and graph data may be before a request refreshes them (decision 038); 0: never kept. */
    REPORT_REFRESH_SECONDS: z.coerce.number().min(0).max(3600).default(30),
    /** Shared secret of the bounce intake (POST /bounce/api/intake, header x-bounce-secret). Unset: intake off. */
    BOUNCE_SECRET: z.string().min(16, 'BOUNCE_SECRET must be at least 16 characters').optional(),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(10 * 1_048_576),
    /**
     * Files in an S3-compatible bucket instead of DATA_DIR/files (decision 100): all five together, or none. The
     * bucket is addressed path-style (S3_ENDPOINT/S3_BUCKET/key) and must exist beforehand.
     */
    S3_ENDPOINT: unsetWhenBlank(
      z
        .string()
        .regex(/^https?:\/\/[^/]/, 'S3_ENDPOINT must be an http:// or https:// URL, e.g. https://s3.example.org')
        .optional(),
    ),
    S3_BUCKET: unsetWhenBlank(
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          'S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and dashes',
        )
        .optional(),
    ),
    S3_REGION: unsetWhenBlank(z.string().optional()),
    S3_ACCESS_KEY_ID: unsetWhenBlank(z.string().optional()),
    S3_SECRET_ACCESS_KEY: unsetWhenBlank(z.string().optional()),
    /**
     * The bearer token Prometheus scrapes GET /metrics with (decision 101). Unset: /metrics answers 404 to everyone,
     * as does a request without it or with another.
     */
    METRICS_TOKEN: unsetWhenBlank(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
  })
  .superRefine((e, ctx) => {
    const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    const given = s3.filter((name) => e[name] !== undefined);
    if (given.length > 0 && given.length < s3.length)
      for (const name of s3.filter((n) => e[n] === undefined))
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} is missing: files in S3 need all of ${s3.join(', ')} (${given.join(', ')} given), or none for the disk`,
        });
    if (e.NODE_ENV === 'production' && e.SEED_DEMO === 'always')
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message: 'SEED_DEMO=always is refused with NODE_ENV=production: the demo accounts have a public password',
      });
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /** HOST as given; undefined lets the server choose (see listenHost in server/seed/demo-policy.ts). */
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  databasePoolWarm: boolean;
  /** WEB_PROCESSES as given; `webProcesses()` in server/cluster.ts decides the count. */
  webProcesses: number | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  appSecret: string;
  publicUrl: string;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  logFormat: 'auto' | 'json' | 'pretty';
  trustProxy: boolean;
  seedDemo: 'auto' | 'always' | 'never';
  limits: {
    signinFailuresPerAccount: number;
    signinFailuresPerAddress: number;
    signinFailuresAcrossAddresses: number;
    signinWindowMinutes: number;
    signinDelaySeconds: number;
    signinMaxDelaySeconds: number;
    forgotPerAccount: number;
    forgotPerAddress: number;
  };
  sessionHours: { staff: number; learner: number };
  bodyLimitBytes: number;
  sitting: {
    sweepSeconds: number;
    admissionsPerSecond: number;
    admitTickMs: number;
    admitTargetMs: number;
    saveTargetMs: number;
    offlineGraceMinutes: number;
  };
  bench: {
    invoiceSchools: number;
    certificateLearners: number;
    reportLearners: number;
    learners: number;
    learnerPasswords: 'generated' | 'chosen';
  };
  mail: {
    sender: boolean;
    ratePerMinute: number;
    batchSize: number;
    concurrency: number;
    pollMs: number;
    maxAttempts: number;
    retryBaseSeconds: number;
    sendingLeaseMinutes: number;
    bounceSecret: string | undefined;
  };
  uploadMaxBytes: number;
  contact: { platform: string; projects: Record<string, string>; perAddressPerHour: number; perEmailPerHour: number };
  watch: { refreshSeconds: number };
  reports: { refreshSeconds: number };
  jobs: { worker: boolean; pollMs: number; leaseSeconds: number };
  appLog: { retentionDays: number };
  /** The S3-compatible bucket that holds the files (decision 100); null: DATA_DIR/files on this machine's disk. */
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string } | null;
  /** The bearer token of GET /metrics (decision 101); undefined: the metrics are not served. */
  metricsToken: string | undefined;
  /** Every environment setting with the value in effect, secrets masked: shown read-only in system config. */
  environment: EnvironmentEntry[];
}

/** One environment variable as the overlord may see it (decision 036): a secret's value never leaves the server. */
export interface EnvironmentEntry {
  name: string;
  value: string | null;
  secret: boolean;
  set: boolean;
}

/** Variables whose whole value is a secret. */
const secretVariables = new Set(['APP_SECRET', 'BOUNCE_SECRET', 'S3_SECRET_ACCESS_KEY', 'METRICS_TOKEN']);

/** A URL with its password (and any token in the query) replaced, e.g. postgres://app:***@db/olympus. */
function maskedUrl(value: string): { value: string; secret: boolean } {
  try {
    const url = new URL(value);
    const hadPassword = url.password !== '';
    if (hadPassword) url.password = '***';
    const hadQuery = url.search !== '';
    if (hadQuery) url.search = '?***';
    return { value: url.toString(), secret: hadPassword || hadQuery };
  } catch {
    return { value: '***', secret: true };
  }
}

function shown(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(', ');
  return String(value);
}

/** The environment's settings in effect (defaults included), secrets masked. */
function environmentOf(source: NodeJS.ProcessEnv, parsed: Record<string, unknown>): EnvironmentEntry[] {
  return Object.keys(Env.shape)
    .sort()
    .map((name) => {
      const set = source[name] !== undefined && source[name] !== '';
      if (secretVariables.has(name)) return { name, value: null, secret: true, set };
      const value = shown(parsed[name]);
      if (value !== null && name.endsWith('_URL') && name !== 'PUBLIC_URL') return { name, set, ...maskedUrl(value) };
      return { name, value, secret: false, set };
    });
}

export class ConfigError extends Error {}

/** Reads and checks the environment; throws a ConfigError listing every bad variable. */
/**
 * Every `BENCH_*` setting exists for the benchmarks under bench/ alone: they seed learners with a password anyone can
 * read in the repository. A production server with one of them set stops at start, naming it, whether or not this
 * version still reads it (a setting left over from an old release is refused too, not silently ignored).
 */
function refuseBenchmarkSettingsInProduction(source: NodeJS.ProcessEnv): void {
  if (source.NODE_ENV !== 'production') return;
  const set = Object.keys(source)
    .filter((k) => k.startsWith('BENCH_') && source[k] !== undefined && source[k] !== '')
    .sort();
  if (set.length === 0) return;
  throw new ConfigError(
    `Invalid environment:\n${set
      .map((k) => `  ${k}: benchmark settings are refused with NODE_ENV=production (unset it)`)
      .join('\n')}`,
  );
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  refuseBenchmarkSettingsInProduction(source);
  const parsed = Env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePoolWarm: e.DATABASE_POOL_WARM ?? e.NODE_ENV !== 'test',
    webProcesses: e.WEB_PROCESSES,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appSecret: e.APP_SECRET ?? persistedSecret(dataDir),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    limits: {
      signinFailuresPerAccount: e.SIGNIN_MAX_FAILURES_PER_ACCOUNT,
      signinFailuresPerAddress: e.SIGNIN_MAX_FAILURES_PER_ADDRESS,
      // Never below what one address may make: one address alone must not turn new browsers away.
      signinFailuresAcrossAddresses: Math.max(
        e.SIGNIN_MAX_FAILURES_ACROSS_ADDRESSES,
        e.SIGNIN_MAX_FAILURES_PER_ADDRESS,
      ),
      signinWindowMinutes: e.SIGNIN_WINDOW_MINUTES,
      signinDelaySeconds: e.SIGNIN_DELAY_SECONDS,
      signinMaxDelaySeconds: Math.max(e.SIGNIN_MAX_DELAY_SECONDS, e.SIGNIN_DELAY_SECONDS),
      forgotPerAccount: e.FORGOT_MAX_PER_ACCOUNT,
      forgotPerAddress: e.FORGOT_MAX_PER_ADDRESS,
    },
    sessionHours: { staff: e.SESSION_HOURS_STAFF, learner: e.SESSION_HOURS_LEARNER },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    sitting: {
      sweepSeconds: e.SITTING_SWEEP_SECONDS,
      admissionsPerSecond: e.SITTING_ADMISSIONS_PER_SECOND,
      admitTickMs: e.SITTING_ADMIT_TICK_MS,
      admitTargetMs: e.SITTING_ADMIT_TARGET_MS,
      saveTargetMs: e.SITTING_SAVE_TARGET_MS,
      offlineGraceMinutes: e.OFFLINE_GRACE_MINUTES,
    },
    bench: {
      invoiceSchools: e.BENCH_INVOICE_SCHOOLS,
      certificateLearners: e.BENCH_CERTIFICATE_LEARNERS,
      reportLearners: e.BENCH_REPORT_LEARNERS,
      learners: e.BENCH_LEARNERS,
      learnerPasswords: e.BENCH_LEARNER_PASSWORDS,
    },
    mail: {
      sender: e.MAIL_SENDER,
      ratePerMinute: e.MAIL_RATE_PER_MINUTE,
      batchSize: e.MAIL_BATCH_SIZE,
      concurrency: e.MAIL_CONCURRENCY,
      pollMs: e.MAIL_POLL_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryBaseSeconds: e.MAIL_RETRY_BASE_SECONDS,
      sendingLeaseMinutes: e.MAIL_SENDING_LEASE_MINUTES,
      bounceSecret: e.BOUNCE_SECRET,
    },
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    contact: {
      platform: e.CONTACT_EMAIL,
      projects: e.CONTACT_EMAILS,
      perAddressPerHour: e.CONTACT_MAX_PER_ADDRESS,
      perEmailPerHour: e.CONTACT_MAX_PER_EMAIL,
    },
    watch: { refreshSeconds: e.WATCH_REFRESH_SECONDS },
    reports: { refreshSeconds: e.REPORT_REFRESH_SECONDS },
    jobs: { worker: e.JOBS_WORKER, pollMs: e.JOBS_POLL_MS, leaseSeconds: e.JOBS_LEASE_SECONDS },
    appLog: { retentionDays: e.APP_LOG_RETENTION_DAYS },
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : null,
    metricsToken: e.METRICS_TOKEN,
    environment: environmentOf(source, e),
  };
}

/** APP_SECRET unset: generate one once and keep it in DATA_DIR so restarts keep it. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
