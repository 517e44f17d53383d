import type { PublicOlympiad } from '#contract/index';
import { formatDate } from '../../../lib/dates.js';
import type { MessageId } from '../../../lib/i18n/index.js';

export interface OlympiadStatus {
  /** The status's words, in the public catalogue. */
  label: MessageId;
  color: string;
}

export function olympiadStatus(olympiad: PublicOlympiad, now = Date.now()): OlympiadStatus {
  if (olympiad.open) return { label: 'public.olympiad.open', color: 'green' };
  if (olympiad.startsAt && Date.parse(olympiad.startsAt) > now)
    return { label: 'public.olympiad.upcoming', color: 'blue' };
  return { label: 'public.olympiad.closed', color: 'gray' };
}

export function writingWindow(olympiad: PublicOlympiad): string | null {
  const start = olympiad.startsAt ? formatDate(olympiad.startsAt, 'longDate') : null;
  const end = olympiad.endsAt ? formatDate(olympiad.endsAt, 'longDate') : null;
  if (start && end) return start === end ? start : `${start} – ${end}`;
  return start ?? end;
}
