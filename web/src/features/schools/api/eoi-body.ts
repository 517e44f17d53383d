import { z } from 'zod';
import { Eoi } from '#contract/schools';

/** What processing or declining an expression of interest answers, with the server's words. */
export const EoiBody = z.object({ success: z.literal(true), message: z.string(), expression: Eoi });
