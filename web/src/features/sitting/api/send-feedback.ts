import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FeedbackBody } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { sittingKeys, sittingPath } from './keys.js';

/** POST /api/sitting/{o}/feedback (optional, once) */
export const sendFeedback = (olympiadName: string, body: z.input<typeof FeedbackBody>) =>
  api.post(sittingPath(olympiadName, 'feedback'), { body });

/** The page shows a failure in place. */
export const useSendFeedback = (olympiadName: string) =>
  useMutation({
    mutationFn: (body: z.input<typeof FeedbackBody>) => sendFeedback(olympiadName, body),
    meta: { error: false, invalidates: [sittingKeys.state(olympiadName)] },
  });
