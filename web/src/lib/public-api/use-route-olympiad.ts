import { useParams } from 'react-router';
import { usePublicOlympiad } from './olympiad.js';

/** The olympiad named in the URL (`:olympiadName`), looked up once and cached. */
export function useRouteOlympiad() {
  const { olympiadName = '' } = useParams();
  const query = usePublicOlympiad(olympiadName);
  return { olympiadName, olympiad: query.data ?? null, isLoading: query.isLoading, error: query.error };
}
