import type { RuntimeSettings, SystemConfigBody } from '#contract/system-config';
import type { Config } from '../../config.js';
import { isoOrNull } from '../../platform/dates.js';
import { REFRESH_MS } from '../../platform/runtime-settings.js';
import type { StoredRow } from './queries.js';

/** The overlord's view: the settings in effect, the environment's defaults, and the environment (secrets masked). */
export function presentSystemConfig(
  config: Pick<Config, 'environment'>,
  settings: RuntimeSettings,
  defaults: RuntimeSettings,
  stored: Pick<StoredRow, 'updatedAt' | 'updatedBy'> | null,
  message?: string,
): SystemConfigBody {
  return {
    success: true,
    ...(message ? { message } : {}),
    settings,
    defaults,
    updatedAt: isoOrNull(stored?.updatedAt),
    updatedBy: stored?.updatedBy ?? null,
    refreshSeconds: REFRESH_MS / 1000,
    environment: config.environment.map(({ name, value, secret, set }) => ({ name, value, secret, set })),
  };
}
