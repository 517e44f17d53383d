/**
 * Instants as the API sends them: ISO 8601 in UTC (`2027-03-03T06:00:00.000Z`). Every presenter uses these;
 * the web shows them in South African time (contract/time.ts).
 */
export const iso = (d: Date | string): string => new Date(d).toISOString();

export const isoOrNull = (d: Date | string | null | undefined): string | null => (d == null ? null : iso(d));
