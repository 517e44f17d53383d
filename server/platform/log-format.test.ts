import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../app.js';
import { loadConfig } from '../config.js';
import { chooseLogFormat, prettyLogsAvailable } from './log-format.js';

describe('chooseLogFormat', () => {
  const at = (env: 'development' | 'production' | 'test', isTTY: boolean, prettyAvailable = true) => ({
    env,
    isTTY,
    prettyAvailable,
  });

  it('auto: pretty at a terminal outside production, JSON lines otherwise', () => {
    expect(chooseLogFormat('auto', at('development', true))).toEqual({ format: 'pretty' });
    expect(chooseLogFormat('auto', at('test', true))).toEqual({ format: 'pretty' });
    expect(chooseLogFormat('auto', at('development', false))).toEqual({ format: 'json' });
    expect(chooseLogFormat('auto', at('production', true))).toEqual({ format: 'json' });
    // Installed without dev dependencies: no pino-pretty, so JSON lines, quietly.
    expect(chooseLogFormat('auto', at('development', true, false))).toEqual({ format: 'json' });
  });

  it('json and pretty choose outright; pretty without pino-pretty says why it writes JSON', () => {
    expect(chooseLogFormat('json', at('development', true))).toEqual({ format: 'json' });
    expect(chooseLogFormat('pretty', at('production', false))).toEqual({ format: 'pretty' });
    expect(chooseLogFormat('pretty', at('development', true, false))).toMatchObject({
      format: 'json',
      note: expect.stringContaining('pino-pretty is not installed'),
    });
  });

  it('pino-pretty is installed here (a dev dependency), and LOG_FORMAT is read and checked', () => {
    expect(prettyLogsAvailable()).toBe(true);
    expect(loadConfig({ DATA_DIR: 'data', APP_SECRET: 'x'.repeat(32) }).logFormat).toBe('auto');
    expect(loadConfig({ DATA_DIR: 'data', APP_SECRET: 'x'.repeat(32), LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ DATA_DIR: 'data', APP_SECRET: 'x'.repeat(32), LOG_FORMAT: 'fancy' })).toThrow(
      /LOG_FORMAT: /,
    );
  });

  it('the pretty format goes through pino-pretty and keeps the redaction; JSON has no transport', () => {
    const pretty = loggerOptions('info', 'pretty');
    expect(pretty).toMatchObject({ transport: { target: 'pino-pretty' }, redact: { censor: '[redacted]' } });
    expect(loggerOptions('info')).not.toHaveProperty('transport');
  });
});
