import { OlympiadCheck } from '../../../components/OlympiadCheck.js';

/** GET /olympiad/verify/{id}: what still blocks opening. */
export function VerifyPanel({ olympiadId }: { olympiadId: number }) {
  return <OlympiadCheck olympiadId={olympiadId} />;
}
