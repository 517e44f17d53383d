import { z } from 'zod';
import { customError } from '#contract/messages';

/**
 * zod as the web app uses it, set once by the app's entry and by the learner's page that validates with zod:
 *  - jitless: zod's first parse of an object probes whether `new Function` may run, to compile faster checks.
 *    Under our Content-Security-Policy (no eval) the probe is refused and the browser reports a violation each
 *    time the app loads; jitless mode skips the probe.
 *  - customError: every refused value is worded for people (contract/messages.ts), as the server words it.
 */
z.config({ jitless: true, customError });
