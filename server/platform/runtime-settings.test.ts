import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { effectiveSettings, settingsFromConfig } from './runtime-settings.js';

const secret = 'a-secret-that-is-at-least-32-characters-long';

/**
 * Which roles must use two-factor sign-in before anyone has saved the setting (decision 106): in production the
 * platform owner, whose account reaches every olympiad; elsewhere none, so the demo accounts sign in with their
 * password alone. A saved choice, even "none", wins over either.
 */
describe('the two-factor roles no one has chosen yet', () => {
  it('are the platform owner in production', () => {
    const defaults = settingsFromConfig(loadConfig({ APP_SECRET: secret, NODE_ENV: 'production' }));
    expect(defaults.twoFactorRoles).toEqual(['overlord']);
    expect(effectiveSettings(defaults, null).twoFactorRoles).toEqual(['overlord']);
  });

  it('are none in development and in tests', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(settingsFromConfig(loadConfig({ APP_SECRET: secret, NODE_ENV })).twoFactorRoles).toEqual([]);
    }
  });

  it('give way to what the owner saved, none included', () => {
    const defaults = settingsFromConfig(loadConfig({ APP_SECRET: secret, NODE_ENV: 'production' }));
    expect(effectiveSettings(defaults, { twoFactorRoles: [] }).twoFactorRoles).toEqual([]);
    expect(effectiveSettings(defaults, { twoFactorRoles: ['overlord', 'admin'] }).twoFactorRoles).toEqual([
      'overlord',
      'admin',
    ]);
  });
});
