import { useMutation } from '@tanstack/react-query';
import { DecisionAnswer, type DecisionBody } from '#contract/moderation';
import { api } from '../../../lib/api/index.js';
import { moderationKeys } from './moderation-keys.js';

/** POST /olympiad/moderation/attempt/{attemptId}: clear, adjust, disqualify or reset. */
export const decideAttempt = ({ attemptId, body }: { attemptId: number; body: DecisionBody }) =>
  api.post(`/olympiad/moderation/attempt/${attemptId}`, { body, schema: DecisionAnswer, on401: 'reload' });

export const useDecideAttempt = () =>
  useMutation({
    mutationFn: decideAttempt,
    meta: {
      success: 'Saved',
      error: false,
      invalidates: [moderationKeys.list.prefix, moderationKeys.summary.prefix],
    },
  });
