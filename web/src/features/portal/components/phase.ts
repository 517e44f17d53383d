import type { PortalOlympiad, PortalPhase } from '#contract/schools';
import { formatDate } from '../../../lib/dates.js';
import { translate } from '../../../lib/i18n/index.js';

/* How the portal words where an olympiad is in its year (the server's `phase`), in the olympiad's own zone. */

/** The olympiad's window is over (or its results out): nothing is left for the school to load or print. */
export const isOver = (phase: PortalPhase) => phase === 'closed' || phase === 'results';

/** An instant of the olympiad in its zone: a country's team reads its country's time (decision 039). */
export const dayOf = (o: Pick<PortalOlympiad, 'timeZone'>, iso: string | null) =>
  formatDate(iso, 'longDate', translate('portal.date.toBeAnnounced'), o.timeZone);
export const timeOf = (o: Pick<PortalOlympiad, 'timeZone'>, iso: string | null) =>
  formatDate(iso, 'longDateTime', translate('portal.date.toBeAnnounced'), o.timeZone);

/** One line that is true of the olympiad now, for its card on the portal's home. */
export function phaseLine(o: PortalOlympiad): string {
  switch (o.phase) {
    case 'registration':
      return o.startsAt
        ? translate('portal.phase.opens', { day: dayOf(o, o.startsAt) })
        : translate('portal.phase.dateToCome');
    case 'writing_soon':
      return translate('portal.phase.opens', { day: timeOf(o, o.startsAt) });
    case 'writing':
      return o.endsAt
        ? translate('portal.phase.writingUntil', { time: timeOf(o, o.endsAt) })
        : translate('portal.phase.writing');
    case 'closed':
      return o.endsAt
        ? translate('portal.phase.closedOn', { day: dayOf(o, o.endsAt) })
        : translate('portal.phase.closed');
    case 'results': {
      const day = dayOf(o, o.resultsPublishedAt);
      if (!o.participant) return translate('portal.phase.results', { day });
      return o.participant.certificates
        ? translate('portal.phase.resultsCertificatesReady', { day })
        : translate('portal.phase.resultsCertificatesComing', { day });
    }
  }
}
