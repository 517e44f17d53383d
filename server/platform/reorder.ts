import { type SQL, sql } from 'drizzle-orm';
import { IdRow, intArray, type Queryable, rows } from '../db/client.js';
import { invalid } from '../http/errors.js';

/**
 * The one reorder (decision 029): a group of rows (`where`) put in the order of `ids`, positions 0, 1, ….
 * The group is locked first, and `ids` must name every row of it exactly once (else 400, nothing changed).
 * Call it inside the route's transaction.
 *
 *   await reorderByIds(db, { table: 'faqs', where: sql`olympiad_id = ${id}`, ids: body.ids, what: 'FAQ' });
 */
export async function reorderByIds(
  q: Queryable,
  group: { table: string; where: SQL; ids: readonly number[]; what: string; positionColumn?: string },
): Promise<void> {
  const table = sql.identifier(group.table);
  const position = sql.identifier(group.positionColumn ?? 'position');
  const current = await rows(q, IdRow, sql`select id from ${table} where ${group.where} for update`);
  const ids = new Set(current.map((r) => r.id));
  if (
    group.ids.length !== ids.size ||
    new Set(group.ids).size !== group.ids.length ||
    !group.ids.every((id) => ids.has(id))
  ) {
    throw invalid([{ path: 'body.ids', message: `Give every ${group.what} of the group exactly once` }]);
  }
  await q.execute(
    sql`update ${table} set ${position} = array_position(${intArray(group.ids)}, id) - 1 where ${group.where}`,
  );
}
