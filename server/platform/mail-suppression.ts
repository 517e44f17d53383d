import { sql, type SQL } from 'drizzle-orm';

/**
 * Is an address barred from mass mail in an olympiad's scope? True when it unsubscribed from that
 * olympiad or from all of Olympus, or when it hard-bounced or complained. System mail ignores this.
 * `address` and `olympiadId` are SQL expressions (columns or parameters).
 */
export function suppressedSql(address: SQL, olympiadId: SQL): SQL {
  return sql`(exists (select 1 from unsubscribes u where lower(u.email) = lower(${address})
      and (u.olympiad_id is null or u.olympiad_id = ${olympiadId}))
    or exists (select 1 from bounces b where lower(b.email) = lower(${address}) and b.kind in ('hard', 'complaint')))`;
}
