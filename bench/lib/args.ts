/**
 * The benchmarks' command-line settings: `--name value` after `npm run bench:… --`. A setting given without a usable
 * value stops the benchmark with a message, rather than running it with NaN or an empty string.
 */

function valueOf(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = process.argv[i + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
}

/** A number setting, or `fallback` when it is not given. */
export function arg(name: string, fallback: number): number {
  const value = valueOf(name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`--${name} takes a number, not "${value}"`);
  return n;
}

/** A text setting, or `fallback` when it is not given. */
export function textArg(name: string, fallback: string): string {
  return valueOf(name) ?? fallback;
}

/**
 * A preset: when `--flag` is given, its values are the defaults of the settings it names, and any setting given on the
 * command line still overrides them. Answers the `arg` to read settings with.
 */
export function withPreset(flag: string, values: Record<string, number>): (name: string, fallback: number) => number {
  const on = process.argv.includes(`--${flag}`);
  return (name, fallback) => arg(name, on && name in values ? values[name]! : fallback);
}
