import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RecoveryPinResult } from '#contract/index';
import { api } from '../../../lib/api/index.js';
import { sittingPath } from './keys.js';

/** POST /api/sitting/{o}/recovery-pin: the PIN comes in this answer once, never again. */
export const issueRecoveryPin = async (olympiadName: string) =>
  (await api.post<z.infer<typeof RecoveryPinResult>>(sittingPath(olympiadName, 'recovery-pin'))).pin;

/** The page shows a failure in place. */
export const useIssueRecoveryPin = (olympiadName: string) =>
  useMutation({ mutationFn: () => issueRecoveryPin(olympiadName), meta: { error: false } });
