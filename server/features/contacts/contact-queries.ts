import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { UsefulContactInput } from '#contract/mail';
import { CountRow, type Queryable, rows } from '../../db/client.js';
import { usefulContacts } from '../../db/schema/index.js';
import { type Reach, reachSql } from '../../http/reach.js';
import { suppressedSql } from '../../platform/mail-suppression.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';

/** A useful contact, and whether mail to its address is suppressed (unsubscribed or bouncing). */
const ContactRow = createSelectSchema(usefulContacts)
  .pick({
    id: true,
    olympiadId: true,
    name: true,
    organisation: true,
    role: true,
    email: true,
    phone: true,
    notes: true,
    updatedAt: true,
  })
  .extend({ suppressed: z.boolean() });
export type ContactRow = z.infer<typeof ContactRow>;

const columns = sql`c.id, c.olympiad_id, c.name, c.organisation, c.role, c.email, c.phone, c.notes, c.updated_at,
  (c.email is not null and ${suppressedSql(sql`c.email`, sql`c.olympiad_id`)}) as suppressed`;

/** The useful contacts within a reach (one olympiad's): paged, searched (name, organisation, role, email), sorted by a whitelisted column. */
export async function listContacts(q: Queryable, reach: Reach, p: Paging) {
  const where: SQL[] = [reachSql(reach, sql`c.olympiad_id`)];
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(sql`(lower(c.name) like ${like} or lower(coalesce(c.organisation, '')) like ${like}
      or lower(coalesce(c.role, '')) like ${like} or lower(coalesce(c.email, '')) like ${like})`);
  }
  const cond = sql.join(where, sql` and `);
  const order = orderBy(
    p,
    {
      name: sql`lower(c.name)`,
      organisation: sql`lower(c.organisation)`,
      role: sql`lower(c.role)`,
      email: sql`lower(c.email)`,
      updatedAt: sql`c.updated_at`,
    },
    'name',
    sql`c.id`,
  );
  const [items, [count]] = await Promise.all([
    rows(
      q,
      ContactRow,
      sql`select ${columns} from useful_contacts c where ${cond} order by ${order}
        limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    rows(q, CountRow, sql`select count(*)::int as n from useful_contacts c where ${cond}`),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function findContact(q: Queryable, id: number) {
  const [row] = await rows(q, ContactRow, sql`select ${columns} from useful_contacts c where c.id = ${id}`);
  return row ?? null;
}

/** Another contact of the olympiad with this address (addresses are unique per olympiad). */
export async function contactWithEmail(q: Queryable, olympiadId: number, email: string, exceptId: number | null) {
  const [row] = await q
    .select({ id: usefulContacts.id, name: usefulContacts.name })
    .from(usefulContacts)
    .where(
      and(
        eq(usefulContacts.olympiadId, olympiadId),
        sql`lower(${usefulContacts.email}) = lower(${email})`,
        ne(usefulContacts.id, exceptId ?? 0),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** What a contact holds, as the input schema leaves it (trimmed, empty text as null, address lower-cased). */
export type ContactValues = Omit<z.output<typeof UsefulContactInput>, 'olympiadId'>;

const valuesOf = (v: ContactValues) => ({
  name: v.name,
  organisation: v.organisation ?? null,
  role: v.role ?? null,
  email: v.email ?? null,
  phone: v.phone ?? null,
  notes: v.notes ?? null,
});

export async function insertContact(q: Queryable, olympiadId: number, v: ContactValues, createdBy: number) {
  const [row] = await q
    .insert(usefulContacts)
    .values({ olympiadId, ...valuesOf(v), createdBy })
    .returning({ id: usefulContacts.id });
  return row!.id;
}

export async function updateContact(q: Queryable, id: number, v: ContactValues) {
  await q
    .update(usefulContacts)
    .set({ ...valuesOf(v), updatedAt: new Date() })
    .where(eq(usefulContacts.id, id));
}

export async function deleteContact(q: Queryable, id: number) {
  await q.delete(usefulContacts).where(eq(usefulContacts.id, id));
}
