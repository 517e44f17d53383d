import type { PortalOlympiad, PortalPhase } from '#contract/schools';
import { formatDate } from '../../../lib/dates.js';

/* How the portal words where an olympiad is in its year (the server's `phase`), in the olympiad's own zone. */

/** The olympiad's window is over (or its results out): nothing is left for the school to load or print. */
export const isOver = (phase: PortalPhase) => phase === 'closed' || phase === 'results';

/** An instant of the olympiad in its zone: a country's team reads its country's time (decision 039). */
export const dayOf = (o: Pick<PortalOlympiad, 'timeZone'>, iso: string | null) =>
  formatDate(iso, 'longDate', 'to be announced', o.timeZone);
export const timeOf = (o: Pick<PortalOlympiad, 'timeZone'>, iso: string | null) =>
  formatDate(iso, 'longDateTime', 'to be announced', o.timeZone);

/** One line that is true of the olympiad now, for its card on the portal's home. */
export function phaseLine(o: PortalOlympiad): string {
  switch (o.phase) {
    case 'registration':
      return o.startsAt ? `Writing opens ${dayOf(o, o.startsAt)}` : 'The writing date is still to be announced';
    case 'writing_soon':
      return `Writing opens ${timeOf(o, o.startsAt)}`;
    case 'writing':
      return o.endsAt ? `Writing now, until ${timeOf(o, o.endsAt)}` : 'Writing now';
    case 'closed':
      return `${o.endsAt ? `Writing closed on ${dayOf(o, o.endsAt)}` : 'Writing is over'}: the results are being marked`;
    case 'results': {
      const out = `Results out since ${dayOf(o, o.resultsPublishedAt)}`;
      if (!o.participant) return out;
      return `${out}: ${o.participant.certificates ? 'certificates ready' : 'certificates being made'}`;
    }
  }
}
