import type { Eoi, PortalOlympiad, PortalPhase, School, SchoolParticipant } from '#contract/schools';
import type { Actor } from '../../http/actor.js';
import { iso, isoOrNull } from '../../platform/dates.js';
import type { ParticipantListRow, PortalOlympiadRow } from './entry-queries.js';
import type { EoiRow } from './eoi-queries.js';
import { entriesPolicy, eoiPolicy, schoolsPolicy } from './policy.js';
import type { SchoolRow } from './school-queries.js';

/** A school, with what the caller may do to it. */
export function presentSchool(actor: Actor, s: SchoolRow): School {
  return {
    id: s.id,
    name: s.name,
    emisNumber: s.emisNumber,
    province: s.province,
    district: s.district,
    town: s.town,
    address: s.address,
    phone: s.phone,
    email: s.email,
    type: s.type,
    countryId: s.countryId ?? null,
    teacherCount: Number(s.teacherCount),
    updatedAt: iso(s.updatedAt),
    can: schoolsPolicy.flags(actor, s, ['update', 'delete', 'merge']),
  };
}

/** An entry, with what the caller may do with it. */
export function presentParticipant(actor: Actor, p: ParticipantListRow): SchoolParticipant {
  return {
    id: p.id,
    olympiadId: p.olympiadId,
    olympiadName: p.olympiadName,
    olympiadTitle: p.olympiadTitle,
    schoolId: p.schoolId,
    schoolName: p.schoolName,
    town: p.town,
    province: p.province,
    // Learners loaded another way (one by one, an older import) count too.
    status: p.status === 'entered' && Number(p.learnerCount) > 0 ? 'learners_loaded' : p.status,
    learnerCount: Number(p.learnerCount),
    createdAt: iso(p.createdAt),
    can: entriesPolicy.flags(actor, p, ['update', 'delete']),
  };
}

/** An expression of interest, with what the caller may do with it. */
export function presentEoi(actor: Actor, e: EoiRow): Eoi {
  return {
    id: e.id,
    olympiadId: e.olympiadId,
    olympiadTitle: e.olympiadTitle,
    schoolName: e.schoolName,
    emisNumber: e.emisNumber,
    province: e.province,
    town: e.town,
    schoolPhone: e.schoolPhone,
    teacherFirstName: e.teacherFirstName,
    teacherLastName: e.teacherLastName,
    teacherEmail: e.teacherEmail,
    teacherPhone: e.teacherPhone,
    learnerEstimate: e.learnerEstimate,
    message: e.message,
    status: e.status,
    processed: e.status === 'processed',
    declined: e.status === 'declined',
    declineReason: e.declineReason,
    schoolId: e.schoolId,
    teacherId: e.teacherId,
    createdAt: iso(e.createdAt),
    handledAt: isoOrNull(e.handledAt),
    can: eoiPolicy.flags(actor, e, ['process', 'createSchool', 'decline', 'delete']),
  };
}

/**
 * Where an olympiad is in its year (contract `PortalPhase`): published results first, then a window that is over,
 * then an opened olympiad (writing now, or soon when its window starts later); otherwise schools are still
 * entering. An olympiad that is not opened yet stays in registration even past its start time: nobody can write.
 */
export function portalPhase(
  o: Pick<PortalOlympiadRow, 'open' | 'startsAt' | 'endsAt' | 'resultsPublishedAt'>,
  now = new Date(),
): PortalPhase {
  if (o.resultsPublishedAt != null) return 'results';
  if (o.endsAt != null && new Date(o.endsAt) <= now) return 'closed';
  if (!o.open) return 'registration';
  return o.startsAt != null && new Date(o.startsAt) > now ? 'writing_soon' : 'writing';
}

export function presentPortalOlympiad(o: PortalOlympiadRow, now = new Date()): PortalOlympiad {
  const published = o.resultsPublishedAt != null;
  return {
    id: o.id,
    varName: o.varName,
    title: o.title,
    year: o.year,
    kind: o.kind,
    open: o.open,
    startsAt: isoOrNull(o.startsAt),
    endsAt: isoOrNull(o.endsAt),
    fee: { cents: Number(o.feeCents), currency: o.currency, vatRateBp: Number(o.vatRateBp) },
    paymentRequired: o.paymentRequired,
    participant:
      o.participantId != null
        ? {
            id: o.participantId,
            status:
              (o.status ?? 'entered') === 'entered' && Number(o.learnerCount) > 0
                ? 'learners_loaded'
                : (o.status ?? 'entered'),
            learnerCount: Number(o.learnerCount),
            // A PDF made for results since withdrawn is not offered: the certificates page says they are not out.
            certificates:
              published && o.certificates != null
                ? { count: o.certificates, generatedAt: isoOrNull(o.certificatesAt) }
                : null,
          }
        : null,
    phase: portalPhase(o, now),
    resultsPublishedAt: isoOrNull(o.resultsPublishedAt),
    timeZone: o.timeZone,
  };
}
