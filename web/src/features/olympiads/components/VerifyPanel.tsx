import { type BlockerLink, OlympiadCheck } from '../../../components/OlympiadCheck.js';

/** GET /olympiad/verify/{id}: what still blocks opening, each blocker linked to where it is fixed. */
export function VerifyPanel({ olympiadId, link }: { olympiadId: number; link?: BlockerLink }) {
  return <OlympiadCheck olympiadId={olympiadId} link={link} />;
}
