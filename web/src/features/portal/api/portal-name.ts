import { usePortalOlympiads } from './list-portal-olympiads.js';

/**
 * What the portal is called for the signed-in account: a teacher's, or a country's team admin's (decision 039;
 * their school row is their country's team). From the call the portal's home page makes, so it is cached.
 */
export function usePortalName(): string {
  const team = usePortalOlympiads().data?.school?.countryId != null;
  return team ? 'Team admin portal' : 'Teacher portal';
}
