import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { audit } from '../../platform/audit.js';
import { presentParticipant } from './present.js';
import * as queries from './queries.js';

/** A new teacher: no password yet (the verify link lets them choose one); username = email when free. */
export async function createTeacher(
  q: Queryable,
  input: { schoolId: number; firstName: string; lastName: string; email: string; phone: string | null },
) {
  const username = await queries.freeTeacherUsername(q, input.email);
  // Only the account's own fields: a request body passed in whole must not bring others (an olympiad) along.
  const { schoolId, firstName, lastName, phone } = input;
  return queries.insertTeacher(q, { schoolId, firstName, lastName, phone, email: input.email.toLowerCase(), username });
}

/**
 * Enters a school in an olympiad (idempotent), audited; answers the entry and a sentence. An entry made while
 * acting as a teacher is recorded as the impersonator's: it is staff's doing, not the school's.
 */
export async function enterSchoolAs(
  app: FastifyInstance,
  actor: Actor,
  ip: string,
  olympiad: { id: number; title: string },
  school: { id: number; name: string },
) {
  const { row, created } = await app.db.transaction(async (tx) => {
    const result = await queries.enterSchool(tx, olympiad.id, school.id, actor.impersonatorId ?? actor.userId);
    if (result.created) {
      await audit(tx, actor, {
        action: 'participant.enter',
        entity: 'school_participant',
        entityId: result.row.id,
        olympiadId: olympiad.id,
        ip,
        data: { schoolId: school.id },
      });
    }
    return result;
  });
  const participant = presentParticipant((await queries.findParticipant(app.db, row.id))!);
  return {
    message: created
      ? `${school.name} is entered in ${olympiad.title}`
      : `${school.name} was already entered in ${olympiad.title}`,
    participant,
  };
}
