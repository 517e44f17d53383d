import { templateVariables } from '#contract/mail';
import { invalid } from '../../http/errors.js';

const braces = (names: readonly string[]) => names.map((v) => `{{${v}}}`).join(', ');

/**
 * Refuses a message (subject and HTML) that uses `{{variables}}` outside `allowed`: one field error for each
 * part, naming the unknown ones and, after `hint` ("use" / "this message has"), the allowed ones.
 */
export function assertKnownVariables(subject: string, html: string, allowed: readonly string[], hint: string) {
  const known = new Set(allowed);
  const errors: Array<{ path: string; message: string }> = [];
  for (const [path, text] of [
    ['subject', subject],
    ['html', html],
  ] as const) {
    const unknown = templateVariables(text).filter((v) => !known.has(v));
    if (unknown.length) {
      errors.push({
        path,
        message: `Unknown variable${unknown.length > 1 ? 's' : ''} ${braces(unknown)}; ${hint} ${braces(allowed)}`,
      });
    }
  }
  if (errors.length) throw invalid(errors, 'The message uses variables that do not exist');
}
