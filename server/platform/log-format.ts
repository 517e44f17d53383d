import { createRequire } from 'node:module';
import type { Config } from '../config.js';

/**
 * How the server writes its log. JSON lines (pino's own format) for machines, files and log collectors;
 * readable, coloured lines (pino-pretty) for a person at a terminal. pino-pretty is a development
 * dependency, so an install without them (`npm ci --omit=dev`) always writes JSON lines.
 */
export type LogFormat = 'json' | 'pretty';

/** True when pino-pretty can be loaded from here. */
export function prettyLogsAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * LOG_FORMAT=auto (the default): pretty when standard output is a terminal and NODE_ENV is not production,
 * otherwise JSON lines. `json` and `pretty` choose outright; `pretty` without pino-pretty installed falls
 * back to JSON lines and says why.
 */
export function chooseLogFormat(
  setting: Config['logFormat'],
  context: { env: Config['env']; isTTY: boolean; prettyAvailable: boolean },
): { format: LogFormat; note?: string } {
  if (setting === 'json') return { format: 'json' };
  if (setting === 'pretty') {
    if (context.prettyAvailable) return { format: 'pretty' };
    return {
      format: 'json',
      note: 'LOG_FORMAT=pretty, but pino-pretty is not installed (an install without dev dependencies): JSON lines instead.',
    };
  }
  return { format: context.isTTY && context.env !== 'production' && context.prettyAvailable ? 'pretty' : 'json' };
}

/** Pino's transport for the pretty format: time of day, level in colour, the message, then the fields. */
export const prettyTransport = {
  target: 'pino-pretty',
  options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
};
