import { useParams } from 'react-router';
import { useCurrentGrant } from '../../../lib/session/index.js';

/** The olympiad of the admin page in the URL: its id from the signed-in admin's grant. */
export function useOlympiadOfPage() {
  const grant = useCurrentGrant();
  const { olympiadName = '' } = useParams();
  return { olympiadId: grant?.olympiadId ?? null, title: grant?.olympiadTitle ?? olympiadName, olympiadName };
}
