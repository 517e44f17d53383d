import { useMutation, useQuery } from '@tanstack/react-query';
import { Ok } from '#contract/index';
import { TwoFactorRecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '#contract/two-factor';
import { api, queryKeys } from '../../../lib/api/index.js';
import { translate } from '../../../lib/i18n/index.js';

/** The query key of one's own two-factor sign-in. */
export const twoFactorKeys = queryKeys('two-factor', { own: () => [] });

/** GET /api/auth/two-factor */
export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: twoFactorKeys.own(),
    queryFn: () => api.get('/api/auth/two-factor', { schema: TwoFactorStatus }),
  });

/** POST /api/auth/two-factor/setup: a new pending secret; the card shows it in place. */
export const useSetupTwoFactor = () =>
  useMutation({
    mutationFn: () => api.post('/api/auth/two-factor/setup', { schema: TwoFactorSetup }),
    meta: { error: false },
  });

/** POST /api/auth/two-factor/enable {code}: the recovery codes, shown once by the card. */
export const useEnableTwoFactor = () =>
  useMutation({
    mutationFn: (code: string) =>
      api.post('/api/auth/two-factor/enable', { body: { code }, schema: TwoFactorRecoveryCodes }),
    meta: { error: false, invalidates: [twoFactorKeys.own()] },
  });

export interface ConfirmInput {
  password: string;
  code: string;
}

/** POST /api/auth/two-factor/disable {password, code} */
export const useDisableTwoFactor = () =>
  useMutation({
    mutationFn: (body: ConfirmInput) => api.post('/api/auth/two-factor/disable', { body, schema: Ok }),
    meta: { error: false, success: translate('portal.twoFactor.turnedOff'), invalidates: [twoFactorKeys.own()] },
  });

/** POST /api/auth/two-factor/recovery-codes {password, code} */
export const useNewRecoveryCodes = () =>
  useMutation({
    mutationFn: (body: ConfirmInput) =>
      api.post('/api/auth/two-factor/recovery-codes', { body, schema: TwoFactorRecoveryCodes }),
    meta: { error: false, invalidates: [twoFactorKeys.own()] },
  });
