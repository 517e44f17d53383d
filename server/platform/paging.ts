import { type SQL, sql } from 'drizzle-orm';

/** The one way to page a list (every list pages on the server): offset paging with a total, and a whitelisted sort. */
export interface Paging {
  page: number;
  pageSize: number;
  search?: string | undefined;
  sort?: string | undefined;
  order: 'asc' | 'desc';
}

export const offsetOf = (p: Paging) => (p.page - 1) * p.pageSize;

/** A LIKE pattern that matches `term` anywhere, with the LIKE wildcards in it escaped. */
export const containsPattern = (term: string) =>
  `%${term
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `order by` from a whitelist of sortable columns (unknown sorts fall back to the default). */
export function orderBy(p: Paging, columns: Record<string, SQL>, fallback: string, tieBreak: SQL): SQL {
  const column = columns[p.sort ?? fallback] ?? columns[fallback]!;
  const dir = p.order === 'desc' ? sql`desc` : sql`asc`;
  return sql`${column} ${dir} nulls last, ${tieBreak} ${dir}`;
}

export function pageResult<T>(items: T[], total: number, p: Pick<Paging, 'page' | 'pageSize'>) {
  return { success: true as const, items, total, page: p.page, pageSize: p.pageSize };
}
