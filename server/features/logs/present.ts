import type { ActivityEntry, AppLogEntry, LoginActivityRow, SearchHit } from '#contract/logs';
import { iso, isoOrNull } from '../../platform/dates.js';
import type { ActivityRow } from './activity-queries.js';
import type { AppLogRow } from './app-log-queries.js';
import type { LoginRow } from './login-queries.js';
import type { SearchRow } from './search-queries.js';

/** `path` opened with its list searched for `term` (`path` may end in `?…&` with other parameters). */
const withSearch = (path: string, term: string) =>
  `${path}${/[?&]$/.test(path) ? '' : '?'}search=${encodeURIComponent(term)}`;

/** The screen that shows a search hit, opened on it (every list screen takes `?search=`). */
function hrefOf(r: SearchRow): string {
  switch (r.kind) {
    case 'learner':
      return withSearch(`/${r.varName}/admin/edit/learners${r.schoolId ? `?schoolId=${r.schoolId}&` : '?'}`, r.term);
    case 'teacher':
      // A teacher is shown with their school (the olympiads' teacher screens are their admins').
      return withSearch('/overlord/edit/schools', r.varName ?? r.term);
    case 'school':
      return withSearch('/overlord/edit/schools', r.term);
    case 'olympiad':
      return withSearch('/overlord/edit/olympiads', r.term);
    case 'eoi':
      // Is the school on the register already? The EOI itself is processed by the olympiad's admins.
      return withSearch('/overlord/edit/schools', r.term);
    case 'email':
      return withSearch('/overlord/email-logs', r.term);
  }
}

export const presentSearchHit = (r: SearchRow): SearchHit => ({
  kind: r.kind,
  id: r.id,
  title: r.title,
  detail: r.detail,
  href: hrefOf(r),
  rank: Math.round(Number(r.rank) * 1000) / 1000,
});

const isRecord = (v: unknown): v is Record<string, unknown> => v != null && typeof v === 'object' && !Array.isArray(v);

/**
 * An audit row's change as before and after: rows that recorded both (`{ before, after }`) give them; the
 * others recorded what they set, which is the after.
 */
export function changeOf(data: Record<string, unknown>) {
  if ('before' in data || 'after' in data) {
    const { before, after, ...rest } = data;
    return {
      before: isRecord(before) ? before : before == null ? null : { value: before },
      after: isRecord(after)
        ? { ...after, ...rest }
        : after == null
          ? Object.keys(rest).length
            ? rest
            : null
          : { value: after, ...rest },
    };
  }
  return { before: null, after: Object.keys(data).length ? data : null };
}

export const presentActivity = (r: ActivityRow): ActivityEntry => ({
  id: r.id,
  at: iso(r.at),
  action: r.action,
  entity: r.entity,
  entityId: r.entityId,
  olympiadId: r.olympiadId,
  olympiadName: r.olympiadName,
  actor: r.actor,
  impersonator: r.impersonator,
  ip: r.ip,
  ...changeOf(r.data ?? {}),
});

export const presentAppLog = (r: AppLogRow): AppLogEntry => ({
  id: Number(r.id),
  at: iso(r.at),
  level: r.level,
  key: r.key,
  message: r.message,
  reqId: r.reqId,
  data: r.data ?? {},
});

export const presentLoginRow = (r: LoginRow): LoginActivityRow => ({
  olympiadId: r.olympiadId,
  olympiadName: r.olympiadName,
  olympiadTitle: r.olympiadTitle,
  schoolId: r.schoolId,
  schoolName: r.schoolName,
  signins: r.signins,
  failures: r.failures,
  lastAt: isoOrNull(r.lastAt),
});
