import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.js';
import { sittingKeys, sittingPath } from './keys.js';

/**
 * POST /api/sitting/{o}/recovery-pin/confirm: "I have written it down", with the PIN on screen (409 when a newer
 * PIN replaced it, e.g. in another window).
 */
export const confirmRecoveryPin = (olympiadName: string, pin: string) =>
  api.post(sittingPath(olympiadName, 'recovery-pin/confirm'), { body: { pin } });

/** The page shows a failure in place. */
export const useConfirmRecoveryPin = (olympiadName: string) =>
  useMutation({
    mutationFn: (pin: string) => confirmRecoveryPin(olympiadName, pin),
    meta: { error: false, invalidates: [sittingKeys.state(olympiadName)] },
  });
