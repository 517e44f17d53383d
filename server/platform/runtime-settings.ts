import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { RuntimeSettings } from '#contract/system-config';
import type { Config } from '../config.js';
import type { Queryable } from '../db/client.js';
import { systemConfig } from '../db/schema/index.js';

/**
 * The runtime settings (decision 036): support address, mail rate, sign-in limits, maintenance banner. The
 * `system_config` row is the truth for every server process; each process keeps what it read for
 * `REFRESH_MS` and reads again on the first use after that (one query per process per refresh, whatever the
 * traffic). The process that saves a change takes it at once; the others hear of it from the database
 * (`olympus_settings`, migration 0026) and read the row again on their next use. Should an announcement be missed,
 * `REFRESH_MS` still bounds how long an old copy lasts.
 */
export const REFRESH_MS = 3000;

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsCache;
  }
}

export interface SettingsCache {
  /** The settings in effect (the cached copy, read again when older than `REFRESH_MS`). */
  get(): Promise<RuntimeSettings>;
  /** The environment's values: what applies to any setting never saved. */
  readonly defaults: RuntimeSettings;
  /** Takes these settings at once (the writing process, after its transaction commits). */
  use(settings: RuntimeSettings): void;
  /** Forgets the cached copy, so the next `get()` reads the row. */
  invalidate(): void;
}

/** The environment's values as runtime settings. */
export function settingsFromConfig(config: Pick<Config, 'env' | 'contact' | 'mail' | 'limits'>): RuntimeSettings {
  return {
    supportEmail: config.contact.platform,
    mailRatePerMinute: config.mail.ratePerMinute,
    limits: { ...config.limits },
    maintenanceBanner: '',
    // In production the platform owner's account, which reaches every olympiad, needs a second factor until the
    // owner chooses otherwise; elsewhere no role does, so the demo accounts sign in with their password alone
    // (decision 106).
    twoFactorRoles: config.env === 'production' ? ['overlord'] : [],
  };
}

/**
 * The stored settings laid over the defaults, field by field: a stored value that no longer passes the
 * contract (an older version's row, a hand edit) gives way to the default instead of stopping the server.
 */
export function effectiveSettings(defaults: RuntimeSettings, stored: Record<string, unknown> | null): RuntimeSettings {
  if (!stored) return defaults;
  const merged: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(RuntimeSettings.shape) as Array<keyof RuntimeSettings>) {
    const value = key === 'limits' ? { ...defaults.limits, ...(stored.limits as object) } : stored[key];
    if (value === undefined) continue;
    const ok = RuntimeSettings.shape[key].safeParse(value);
    if (ok.success) merged[key] = ok.data;
  }
  return merged as RuntimeSettings;
}

/** The stored row, or null when the settings were never saved. */
export async function readStoredSettings(q: Queryable) {
  const [row] = await q.select().from(systemConfig).where(eq(systemConfig.id, 1));
  return row ?? null;
}

export function createSettingsCache(
  q: Queryable,
  defaults: RuntimeSettings,
  onError: (err: unknown) => void,
  refreshMs = REFRESH_MS,
  /** The clock (tests move it). */
  now: () => number = Date.now,
): SettingsCache {
  let current: RuntimeSettings | null = null;
  let readAt = 0;
  let pending: Promise<RuntimeSettings> | null = null;
  // A read that began before a change was announced answers its caller but is not kept.
  let generation = 0;

  const read = async () => {
    const began = generation;
    try {
      const row = await readStoredSettings(q);
      const read = effectiveSettings(defaults, row?.settings ?? null);
      if (began === generation) {
        current = read;
        readAt = now();
      }
      return read;
    } catch (err) {
      // A failed read keeps the last copy (or the defaults) and is tried again on the next use.
      onError(err);
      return current ?? defaults;
    } finally {
      if (began === generation) pending = null;
    }
  };

  return {
    defaults,
    get() {
      if (current && now() - readAt < refreshMs) return Promise.resolve(current);
      pending ??= read();
      return pending;
    },
    use(settings) {
      generation++;
      pending = null;
      current = settings;
      readAt = now();
    },
    invalidate() {
      generation++;
      pending = null;
      current = null;
      readAt = 0;
    },
  };
}

/** One cache per server process, as `app.settings`. */
export function registerRuntimeSettings(app: FastifyInstance): void {
  const cache = createSettingsCache(app.db, settingsFromConfig(app.config), (err) =>
    app.log.error({ err }, 'the runtime settings could not be read; the last copy stays in use'),
  );
  app.decorate('settings', cache);
  app.changes.on('olympus_settings', () => cache.invalidate());
}
