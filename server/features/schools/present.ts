import type { Eoi, PortalOlympiad, School, SchoolParticipant, Teacher } from '../../../contract/schools.js';
import type { Actor } from '../../http/actor.js';
import { schoolsPolicy } from './policy.js';
import type { ParticipantListRow, SchoolRow, TeacherListRow } from './queries.js';
import type { EoiRow } from './eoi-queries.js';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d == null ? null : iso(d));

/** A school, with what the caller may do to it. */
export function presentSchool(actor: Actor, s: SchoolRow & { teacherCount: number; olympiadIds: number[] }): School {
  const record = { id: s.id, olympiadIds: s.olympiadIds };
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
    teacherCount: Number(s.teacherCount),
    updatedAt: iso(s.updatedAt),
    can: {
      update: schoolsPolicy.canUpdateSchool(actor, record),
      delete: schoolsPolicy.canDeleteSchool(actor),
      merge: schoolsPolicy.canMergeSchools(actor),
    },
  };
}

export function presentTeacher(actor: Actor | null, t: TeacherListRow): Teacher {
  return {
    id: t.id,
    username: t.username,
    firstName: t.firstName,
    lastName: t.lastName,
    email: t.email,
    phone: t.phone,
    schoolId: t.schoolId,
    schoolName: t.schoolName,
    emailVerified: t.emailVerifiedAt != null,
    hasPassword: Boolean(t.hasPassword),
    disabled: t.disabledAt != null,
    can: {
      update: actor
        ? schoolsPolicy.canUpdateTeacher(
            actor,
            t.schoolId ? { id: t.schoolId, olympiadIds: t.olympiadIds, entries: t.entries } : null,
          )
        : false,
    },
  };
}

export function presentParticipant(p: ParticipantListRow): SchoolParticipant {
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
  };
}

export function presentEoi(e: EoiRow): Eoi {
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
  };
}

export function presentPortalOlympiad(o: {
  id: number;
  varName: string;
  title: string;
  year: number;
  kind: 'school' | 'country';
  open: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  participantId: number | null;
  status: SchoolParticipant['status'] | null;
  learnerCount: number;
}): PortalOlympiad {
  return {
    id: o.id,
    varName: o.varName,
    title: o.title,
    year: o.year,
    kind: o.kind,
    open: o.open,
    startsAt: isoOrNull(o.startsAt),
    endsAt: isoOrNull(o.endsAt),
    participant:
      o.participantId != null
        ? {
            id: o.participantId,
            status:
              (o.status ?? 'entered') === 'entered' && Number(o.learnerCount) > 0
                ? 'learners_loaded'
                : (o.status ?? 'entered'),
            learnerCount: Number(o.learnerCount),
          }
        : null,
  };
}
