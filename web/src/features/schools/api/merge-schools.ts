import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { School } from '#contract/schools';
import { api } from '../../../lib/api/index.js';
import { schoolKeys } from './keys.js';

const Merged = z.object({ success: z.literal(true), message: z.string(), school: School });

/** POST school/v-rest/merge: the duplicate's entries, teachers and learners move to the school kept. */
export const mergeSchools = (body: { sourceId: number; targetId: number }) =>
  api.post('/school/v-rest/merge', { body, schema: Merged });

/** The dialog shows a failure in place; the server's message says what moved. */
export const useMergeSchools = () =>
  useMutation({
    mutationFn: mergeSchools,
    meta: { success: 'The schools are merged', error: false, invalidates: [schoolKeys.all] },
  });
