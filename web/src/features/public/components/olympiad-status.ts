import type { PublicOlympiad } from '#contract/index';
import { formatDate } from '../../../lib/dates.js';

export interface OlympiadStatus {
  label: string;
  color: string;
}

export function olympiadStatus(olympiad: PublicOlympiad, now = Date.now()): OlympiadStatus {
  if (olympiad.open) return { label: 'Open for writing', color: 'green' };
  if (olympiad.startsAt && Date.parse(olympiad.startsAt) > now) return { label: 'Upcoming', color: 'blue' };
  return { label: 'Closed', color: 'gray' };
}

export function writingWindow(olympiad: PublicOlympiad): string | null {
  const start = olympiad.startsAt ? formatDate(olympiad.startsAt, 'longDate') : null;
  const end = olympiad.endsAt ? formatDate(olympiad.endsAt, 'longDate') : null;
  if (start && end) return start === end ? start : `${start} – ${end}`;
  return start ?? end;
}
