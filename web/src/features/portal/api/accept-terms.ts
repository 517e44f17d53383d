import { useMutation } from '@tanstack/react-query';
import { TermsStatus } from '#contract/copy';
import { api } from '../../../lib/api/index.js';
import { portalKeys } from './keys.js';
import { translate } from '../../../lib/i18n/index.js';

/** POST api/terms-and-conditions/accept: the teacher accepts the version they read. */
export const acceptTerms = (termsId: number) =>
  api.post('/api/terms-and-conditions/accept', { body: { termsId }, schema: TermsStatus });

/** The dialog shows a failure in place (a newer version, say) and stays open. */
export const useAcceptTerms = () =>
  useMutation({
    mutationFn: acceptTerms,
    meta: { success: translate('portal.notice.termsAccepted'), error: false, invalidates: [portalKeys.terms.prefix] },
  });
