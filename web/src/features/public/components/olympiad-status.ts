import type { PublicOlympiad } from '../../../../../contract/index.js';

export interface OlympiadStatus {
  label: string;
  color: string;
}

export function olympiadStatus(olympiad: PublicOlympiad, now = Date.now()): OlympiadStatus {
  if (olympiad.open) return { label: 'Open for writing', color: 'green' };
  if (olympiad.startsAt && Date.parse(olympiad.startsAt) > now) return { label: 'Upcoming', color: 'blue' };
  return { label: 'Closed', color: 'gray' };
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

export function writingWindow(olympiad: PublicOlympiad): string | null {
  const start = olympiad.startsAt ? dateFormat.format(new Date(olympiad.startsAt)) : null;
  const end = olympiad.endsAt ? dateFormat.format(new Date(olympiad.endsAt)) : null;
  if (start && end) return start === end ? start : `${start} – ${end}`;
  return start ?? end;
}
