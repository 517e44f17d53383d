import type { CertificateField } from '#contract/certificates';
import { printedCode } from './codes.js';

/* What a certificate prints: its values, and each field's text. */

/** What one certificate prints: the stored certificate row and its olympiad, never the results as they are now. */
export interface CertificatePrint {
  kind: string;
  learnerName: string;
  schoolName: string;
  grade: number | null;
  awardLabel: string;
  score: number | null;
  maxScore: number | null;
  percent: number | null;
  percentile: number | null;
  rank: number | null;
  olympiadTitle: string;
  issuedAt: Date;
  code: string;
  /** Where the QR code and the printed link lead: `<origin>/verify/<code>`. */
  verifyUrl: string;
}

const dateFormat = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Johannesburg',
});

const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** What each field kind (and each `{placeholder}` of a text field) prints for a certificate. */
export function valuesOf(p: CertificatePrint): Record<string, string> {
  return {
    learner: p.learnerName,
    school: p.schoolName,
    grade: p.grade == null ? '' : `Grade ${p.grade}`,
    award: p.awardLabel,
    score: p.score == null ? '' : p.maxScore ? `${number(p.score)} out of ${number(p.maxScore)}` : number(p.score),
    percent: p.percent == null ? '' : `${Math.round(p.percent)}%`,
    percentile: p.percentile == null ? '' : `${ordinal(Math.max(1, Math.round(p.percentile)))} percentile`,
    rank: p.rank == null ? '' : `${ordinal(p.rank)} place`,
    date: dateFormat.format(p.issuedAt),
    olympiad: p.olympiadTitle,
    code: printedCode(p.code),
    verifyUrl: p.verifyUrl.replace(/^https?:\/\//, ''),
  };
}

/** What a field prints: a text field's wording or a signature field's signatory (placeholders filled), else its value. */
export function textOf(f: CertificateField, values: Record<string, string>): string {
  if (f.kind === 'text' || f.kind === 'signature')
    return (f.text ?? '').replace(/\{([a-zA-Z]+)\}/g, (all, key: string) => values[key] ?? all).trim();
  return values[f.kind] ?? '';
}
