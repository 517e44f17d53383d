import { useT } from '../../../lib/i18n/index.js';
import { usePortalOlympiads } from './list-portal-olympiads.js';

/**
 * What the portal is called for the signed-in account: a teacher's, or a country's team admin's (decision 039;
 * their school row is their country's team). From the call the portal's home page makes, so it is cached.
 */
export function usePortalName(): string {
  const t = useT();
  return t('portal.shell.portalName', { team: isTeam(usePortalOlympiads().data) ? 'yes' : 'no' });
}

/** What the signed-in portal account is: a teacher, or a country's team admin. */
export function usePortalRole(): string {
  const t = useT();
  return t('portal.shell.role', { team: isTeam(usePortalOlympiads().data) ? 'yes' : 'no' });
}

const isTeam = (data: ReturnType<typeof usePortalOlympiads>['data']) => data?.school?.countryId != null;
