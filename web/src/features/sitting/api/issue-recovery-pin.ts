import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RecoveryPinResult } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { sittingPath } from './keys.js';

export type IssuedPin = Pick<z.infer<typeof RecoveryPinResult>, 'pin' | 'replaced'>;

/**
 * POST /api/sitting/{o}/recovery-pin: the PIN is in this answer only. Until it is confirmed, asking again gives a
 * fresh one (`replaced`: the one shown before no longer works).
 */
export const issueRecoveryPin = async (olympiadName: string): Promise<IssuedPin> => {
  const { pin, replaced } = await api.post<z.infer<typeof RecoveryPinResult>>(
    sittingPath(olympiadName, 'recovery-pin'),
  );
  return { pin, replaced };
};

/** The page shows a failure in place. */
export const useIssueRecoveryPin = (olympiadName: string) =>
  useMutation({ mutationFn: () => issueRecoveryPin(olympiadName), meta: { error: false } });
