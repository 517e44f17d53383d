/** Money as people read it: integer cents in, "R 1 234,50" (en-ZA) out. The one formatter of the web app. */
export function formatMoney(cents: number, currency = 'ZAR'): string {
  return new Intl.NumberFormat('en-ZA', { style: 'currency', currency }).format(cents / 100);
}

/** Rands typed by a person ("1 234,50", "1234.50", "R 350") as integer cents; null when it is not an amount. */
export function parseMoney(text: string): number | null {
  const t = text.replace(/^\s*R\s*/i, '').replace(/[\s\u00a0]/g, '');
  const m = t.match(/^(-?\d+)(?:[.,](\d{1,2}))?$/);
  if (!m) return null;
  const sign = m[1]!.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(m[1])) * 100 + Number((m[2] ?? '').padEnd(2, '0')));
}
