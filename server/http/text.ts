import type { FieldError } from '#contract/errors';

/** A UTF-16 surrogate without its partner. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Does the text hold a NUL character or a lone surrogate? */
export const isBadText = (text: string) => text.includes('\u0000') || loneSurrogate.test(text);

/** The most problems reported for one request; the rest are as easy to find once these are fixed. */
const MAX_PROBLEMS = 20;

/**
 * Every string (and object key) in parsed request input that holds a NUL character or an unpaired
 * surrogate. PostgreSQL cannot store NUL in text, and a lone surrogate has no UTF-8 form (it would be
 * silently replaced), so neither can be saved faithfully: such input is refused, whatever the field.
 * Only plain objects and arrays are walked (a parsed JSON body, a query string, path parameters).
 */
export function textProblems(value: unknown, where: string): FieldError[] {
  const problems: FieldError[] = [];
  const walk = (v: unknown, path: string, depth: number): void => {
    if (problems.length >= MAX_PROBLEMS) return;
    if (typeof v === 'string') {
      if (isBadText(v)) problems.push({ path, message: 'Contains a NUL character or an unpaired surrogate' });
      return;
    }
    if (v === null || typeof v !== 'object' || depth > 64) return;
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${path}.${i}`, depth + 1));
      return;
    }
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto !== Object.prototype && proto !== null) return;
    for (const [key, item] of Object.entries(v)) {
      if (isBadText(key)) {
        problems.push({ path, message: 'A field name contains a NUL character or an unpaired surrogate' });
      } else walk(item, `${path}.${key}`, depth + 1);
    }
  };
  walk(value, where, 0);
  return problems;
}
