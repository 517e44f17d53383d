import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PortalOlympiad, PortalOlympiadResult, School } from '#contract/schools';
import type { Queryable } from '../../db/client.js';
import { type Actor, scopedOlympiads } from '../../http/actor.js';
import { olympiadNotFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { resolvedGeneralCopy } from '../../platform/general-copy.js';
import { portalOlympiads } from './entry-queries.js';
import { portalResults } from './portal-queries.js';
import { schoolsPolicy } from './policy.js';
import { presentPortalOlympiad, presentSchool } from './present.js';
import { findSchool } from './school-queries.js';

const tags = ['portal'];
const { access } = schoolsPolicy;
const NameParams = z.strictObject({ olympiadName: z.string().trim().min(1).max(60) });

/** The teacher's school, as its teacher sees it (none while the account has no school). */
async function ownSchool(db: Queryable, actor: Actor) {
  const school = actor.schoolId ? await findSchool(db, actor.schoolId) : null;
  return school && schoolsPolicy.can(actor, 'portal', school) ? presentSchool(actor, school) : null;
}

/** The olympiads of the teacher's portal: those the school is in, and those it can still enter (session's scope). */
async function olympiadsOf(db: Queryable, actor: Actor) {
  const items = await portalOlympiads(db, actor.schoolId);
  const seen = new Set(
    scopedOlympiads(
      actor,
      items.map((o) => o.id),
    ),
  );
  return items.filter((o) => seen.has(o.id));
}

/** The teacher portal (docs/spec.md §5, /portal): the school's olympiads and its place in each. */
export async function portalRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/portal/olympiads',
    tags,
    access: access.portal,
    summary: 'The teacher’s olympiads: those the school is in, and those it can still enter',
    response: z.object({ success: z.literal(true), school: School.nullable(), items: z.array(PortalOlympiad) }),
    handler: async ({ db, actor }) => ({
      success: true as const,
      school: await ownSchool(db, actor),
      items: (await olympiadsOf(db, actor)).map((o) => presentPortalOlympiad(o)),
    }),
  });

  route(app, {
    method: 'GET',
    url: '/api/portal/olympiads/:olympiadName',
    tags,
    access: access.portal,
    summary:
      'The school’s page for one olympiad: its entry, learners, where the olympiad is and, once published, the school’s results',
    params: NameParams,
    response: PortalOlympiadResult,
    handler: async ({ db, actor, params }) => {
      const olympiad = (await olympiadsOf(db, actor)).find((o) => o.varName === params.olympiadName.toLowerCase());
      if (!olympiad) throw olympiadNotFound();
      return {
        success: true as const,
        school: await ownSchool(db, actor),
        olympiad: presentPortalOlympiad(olympiad),
        intro: (await resolvedGeneralCopy(db, olympiad))['portal-intro'],
        results: olympiad.participantId != null ? await portalResults(db, olympiad.id, olympiad.participantId) : null,
      };
    },
  });
}
