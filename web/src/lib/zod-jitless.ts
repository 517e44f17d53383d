import { z } from 'zod';

/**
 * zod's first parse of an object probes whether `new Function` may run, to compile faster checks. Under
 * our Content-Security-Policy (no eval) the probe is refused and the browser reports a violation each time
 * the app loads; jitless mode skips the probe. Imported first by the app’s entry and by the learner’s page
 * that validates with zod.
 */
z.config({ jitless: true });
