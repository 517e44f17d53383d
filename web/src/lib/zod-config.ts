import { z } from 'zod';
import { customError, setMessageTranslator } from '#contract/messages';
import { activeLocale, translate, type MessageId } from './i18n/index.js';

/**
 * zod as the web app uses it, set once by the app's entry and by the learner's page that validates with zod:
 *  - jitless: zod's first parse of an object probes whether `new Function` may run, to compile faster checks.
 *    Under our Content-Security-Policy (no eval) the probe is refused and the browser reports a violation each
 *    time the app loads; jitless mode skips the probe.
 *  - customError: every refused value is worded for people (contract/messages.ts), as the server words it, in the
 *    page's language (the validation catalogue every entry loads; decision 097). English is left to the words the
 *    contract writes, which are the catalogue's.
 */
z.config({ jitless: true, customError });
setMessageTranslator((id, values) => {
  if (activeLocale() === 'en') return undefined;
  const text = translate(id as MessageId, values);
  return text === id ? undefined : text;
});
