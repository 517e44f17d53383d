import { usePortalOlympiads } from './list-portal-olympiads.js';

/**
 * What the portal is called for the signed-in account: a teacher's, or a country's team admin's (decision 039;
 * their school row is their country's team). From the call the portal's home page makes, so it is cached.
 */
export function usePortalName(): string {
  return `${usePortalRole()} portal`;
}

/** What the signed-in portal account is: a teacher, or a country's team admin. */
export function usePortalRole(): 'Teacher' | 'Team admin' {
  return usePortalOlympiads().data?.school?.countryId != null ? 'Team admin' : 'Teacher';
}
