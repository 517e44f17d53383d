import { useQuery } from '@tanstack/react-query';
import { UnsubscribeInfo } from '#contract/mail';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

/** GET unsubscribe/api/{ref} (public): whose address, and from what it would unsubscribe. */
export function getUnsubscribeInfo(ref: string) {
  return api.get(`/unsubscribe/api/${encodeURIComponent(ref)}`, { schema: UnsubscribeInfo, on401: 'ignore' });
}

export const useUnsubscribeInfo = (ref: string | undefined) =>
  useQuery({
    queryKey: mailKeys.unsubscribeRef(ref),
    queryFn: () => getUnsubscribeInfo(ref!),
    enabled: !!ref,
    retry: false,
  });
