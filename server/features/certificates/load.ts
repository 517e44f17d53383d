import type { Queryable } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { forbidden } from '../../http/errors.js';
import { defineLoader, type Loader } from '../../http/load.js';
import { type CertificatesRecord, certificatesPolicy } from './policy.js';
import { findCertificate } from './certificate-queries.js';
import { findOlympiad, findParticipant, participantOf } from './queries.js';

/** An olympiad's certificates: 404 outside the actor's reach. */
export const olympiadLoader = defineLoader({
  what: 'This olympiad',
  policy: certificatesPolicy,
  find: async (q, id: number) => {
    const o = await findOlympiad(q, id);
    return o && { ...o, olympiadId: o.id };
  },
});

/** One school participant's certificates: 404 for another school or olympiad, 403 for a teacher before publishing. */
export const participantLoader = defineLoader({
  what: 'This school',
  policy: certificatesPolicy,
  see: 'see',
  find: (q, id: number) => findParticipant(q, id),
});

/** One certificate: seen by the olympiad's admins and its school's teacher (who downloads it once published). */
export const certificateLoader = defineLoader({
  what: 'This certificate',
  policy: certificatesPolicy,
  see: 'see',
  find: (q, id: number) => findCertificate(q, id),
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
    return { ...o, olympiadId: o.id, schoolId: actor.schoolId, participantId };
  },
});

/**
 * A record to download from (a school's PDF, one certificate): 404 outside reach; a teacher who sees it before the
 * results are published is told why (403).
 */
export async function toDownload<T extends CertificatesRecord>(
  loader: Loader<'see' | 'download', T, number>,
  q: Queryable,
  actor: Actor,
  id: number,
): Promise<T> {
  const record = await loader.load(q, actor, id, 'see');
  if (!certificatesPolicy.can(actor, 'download', record))
    throw forbidden('The results are not published yet: the certificates come with them');
  return record;
}
