import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { type Queryable, rows } from '../db/client.js';
import { schoolParticipants, schools } from '../db/schema/index.js';

/**
 * Payment before writing (decision 032): when an olympiad's `payment_required` is on, the learners of a school
 * whose live purchase order is neither paid nor pre-approved cannot start. The sitting asks before each step
 * that starts an attempt; the olympiad check and the teacher's portal list who it stops. One rule, here.
 */
/** What the learner reads, in the words of the olympiad's kind (a team's learner reads "team"). */
export { unpaidMessage } from '#contract/units';

const settled = sql`(po.paid or po.pre_approved)`;

/** May the learners of this school start writing this olympiad (always, when payment is not required)? */
export async function schoolMayWrite(
  q: Queryable,
  olympiad: { id: number; paymentRequired: boolean },
  schoolId: number | null,
): Promise<boolean> {
  if (!olympiad.paymentRequired) return true;
  if (schoolId == null) return false;
  const [row] = await rows(
    q,
    z.object({ ok: z.boolean() }),
    sql`select exists (select 1 from purchase_orders po join school_participants sp on sp.id = po.school_participant_id
      where sp.olympiad_id = ${olympiad.id} and sp.school_id = ${schoolId} and po.deleted_at is null and ${settled}) as ok`,
  );
  return Boolean(row?.ok);
}

/** An entered school whose learners the rule stops, and how many learners it has. */
const BlockedSchool = createSelectSchema(schoolParticipants)
  .pick({ schoolId: true })
  .extend({ schoolName: createSelectSchema(schools).shape.name, learners: z.number() });
export type BlockedSchool = z.infer<typeof BlockedSchool>;

/** The entered schools whose learners the rule stops now (none when payment is not required). */
export async function schoolsBlocked(
  q: Queryable,
  olympiad: { id: number; paymentRequired: boolean },
  schoolId?: number | null,
): Promise<BlockedSchool[]> {
  if (!olympiad.paymentRequired) return [];
  return rows(
    q,
    BlockedSchool,
    sql`select sp.school_id as "schoolId", s.name as "schoolName",
        (select count(*)::int from users u where u.school_id = sp.school_id and u.olympiad_id = sp.olympiad_id
          and u.role = 'learner') as learners
      from school_participants sp join schools s on s.id = sp.school_id
      where sp.olympiad_id = ${olympiad.id} and sp.status <> 'withdrawn'
        ${schoolId == null ? sql`` : sql`and sp.school_id = ${schoolId}`}
        and not exists (select 1 from purchase_orders po where po.school_participant_id = sp.id
          and po.deleted_at is null and ${settled})
      order by lower(s.name)`,
  );
}
