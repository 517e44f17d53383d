import { useParams } from 'react-router';
import type { Grant } from '#contract/index';
import { useSessionUser } from './use-session.js';

/** The signed-in user's grant for the olympiad in the URL (`:olympiadName`), if any. */
export function useCurrentGrant(): Grant | null {
  const user = useSessionUser();
  const { olympiadName } = useParams();
  return user?.grants.find((grant) => grant.olympiadName === olympiadName) ?? null;
}
