import { defineLoader } from '../../http/load.js';
import { certificatesPolicy } from './policy.js';
import { findCertificate, findOlympiad, findParticipant, participantOf } from './queries.js';

/** An olympiad's certificates: 404 outside the actor's reach. */
export const olympiadLoader = defineLoader({
  what: 'This olympiad',
  policy: certificatesPolicy,
  find: async (q, id: number) => {
    const o = await findOlympiad(q, id);
    return o && { ...o, olympiadId: o.id, publishedAt: o.published_at };
  },
});

/** One school participant's certificates: 404 for another school or olympiad, 403 for a teacher before publishing. */
export const participantLoader = defineLoader({
  what: 'This school',
  policy: certificatesPolicy,
  see: 'see',
  find: async (q, id: number) => {
    const p = await findParticipant(q, id);
    return p && { ...p, olympiadId: p.olympiad_id, schoolId: p.school_id, publishedAt: p.published_at };
  },
});

/** One certificate: seen by the olympiad's admins and its school's teacher (who downloads it once published). */
export const certificateLoader = defineLoader({
  what: 'This certificate',
  policy: certificatesPolicy,
  see: 'see',
  find: async (q, id: number) => {
    const c = await findCertificate(q, id);
    return c && { ...c, olympiadId: c.olympiad_id, schoolId: c.school_id, publishedAt: c.published_at };
  },
});

/** An olympiad in which the teacher's own school is entered (the teacher's certificates page); 404 otherwise. */
export const ownSchoolLoader = defineLoader({
  what: 'This olympiad',
  policy: certificatesPolicy,
  find: async (q, id: number, actor) => {
    const o = await findOlympiad(q, id);
    if (!o || actor.schoolId == null) return null;
    const participantId = await participantOf(q, o.id, actor.schoolId);
    if (participantId == null) return null;
    return { ...o, olympiadId: o.id, schoolId: actor.schoolId, publishedAt: o.published_at, participantId };
  },
});
