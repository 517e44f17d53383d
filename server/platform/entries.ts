import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { purchaseOrders, schoolParticipants } from '../db/schema/index.js';

/**
 * An entry in an olympiad (a school participant): shared by the schools feature (a school enters) and the
 * countries feature (a country's team enters, decision 039), so both make the same row with its order.
 */
export async function findEntryOf(q: Queryable, olympiadId: number, schoolId: number) {
  const [row] = await q
    .select()
    .from(schoolParticipants)
    .where(and(eq(schoolParticipants.olympiadId, olympiadId), eq(schoolParticipants.schoolId, schoolId)));
  return row ?? null;
}

/** Enters a school (or a country's team) in an olympiad (idempotent: an existing entry is answered as it is). */
export async function enterSchool(q: Queryable, olympiadId: number, schoolId: number, enteredBy: number | null) {
  const [created] = await q
    .insert(schoolParticipants)
    .values({ olympiadId, schoolId, enteredBy })
    .onConflictDoNothing()
    .returning();
  if (created) {
    // Every entry has its purchase order from the start (decision 020): the teacher sets its number, the
    // accountant marks it paid.
    await q.insert(purchaseOrders).values({ schoolParticipantId: created.id });
    return { row: created, created: true };
  }
  return { row: (await findEntryOf(q, olympiadId, schoolId))!, created: false };
}

/**
 * The kinds never mix in one olympiad (decision 039): a school olympiad takes schools, a country olympiad
 * countries' teams. Answers the sentence of the refusal, or null when the entry fits.
 */
export function entryKindMismatch(
  olympiad: { kind: 'school' | 'country'; title: string },
  school: { name: string; countryId: number | null },
): string | null {
  if (olympiad.kind === 'country' && school.countryId == null)
    return `${olympiad.title} is entered by countries, not schools: enter the country on the participating countries page`;
  if (olympiad.kind === 'school' && school.countryId != null)
    return `${school.name} is a country’s team; ${olympiad.title} is entered by schools`;
  return null;
}
