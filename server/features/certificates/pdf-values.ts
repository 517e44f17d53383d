import type { CertificateField } from '#contract/certificates';
import { siteTimeZone } from '#contract/site-time';
import { type ServerLocale, type ServerMessageId, serverDateLocale, translator } from '../../platform/i18n.js';
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
  /**
   * The language the certificate is worded in: the one the learner wrote in (the attempt's, else the olympiad's
   * default; decision 095). English if not given.
   */
  language?: ServerLocale;
}

/** The issue date as the language writes it, on the olympiad's calendar: "3 March 2027", "3 Maart 2027". */
const dateFormats = new Map<ServerLocale, Intl.DateTimeFormat>();
function dateOf(language: ServerLocale, d: Date): string {
  let format = dateFormats.get(language);
  if (!format) {
    // English keeps the day unpadded, as it printed before; af-ZA writes "3 Maart 2027".
    format = new Intl.DateTimeFormat(language === 'en' ? 'en-ZA' : serverDateLocale[language], {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: siteTimeZone,
    });
    dateFormats.set(language, format);
  }
  return format.format(d);
}

const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * A place as the language writes it: English 1st, 2nd, 3rd, 11th; Afrikaans 1ste, 8ste and from 20 on "-ste"
 * (20ste, 21ste, 100ste), else "-de" (2de, 3de, 11de, 19de, 102de).
 */
export function ordinal(n: number, language: ServerLocale = 'en'): string {
  const tens = n % 100;
  if (language === 'af') return `${n}${tens === 1 || tens === 8 || tens === 0 || tens >= 20 ? 'ste' : 'de'}`;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** What each field kind (and each `{placeholder}` of a text field) prints for a certificate, in its language. */
export function valuesOf(p: CertificatePrint): Record<string, string> {
  const language = p.language ?? 'en';
  const t = translator(language);
  return {
    learner: p.learnerName,
    school: p.schoolName,
    grade: p.grade == null ? '' : t('pdf.certificate.grade', { grade: p.grade }),
    award: p.awardLabel,
    score:
      p.score == null
        ? ''
        : p.maxScore
          ? t('pdf.certificate.score', { score: number(p.score), max: number(p.maxScore) })
          : number(p.score),
    percent: p.percent == null ? '' : `${Math.round(p.percent)}%`,
    percentile:
      p.percentile == null
        ? ''
        : t('pdf.certificate.percentile', { ordinal: ordinal(Math.max(1, Math.round(p.percentile)), language) }),
    rank: p.rank == null ? '' : t('pdf.certificate.rank', { ordinal: ordinal(p.rank, language) }),
    date: dateOf(language, p.issuedAt),
    olympiad: p.olympiadTitle,
    code: printedCode(p.code),
    verifyUrl: p.verifyUrl.replace(/^https?:\/\//, ''),
  };
}

/**
 * The wordings of the template every olympiad starts with (config.ts), each with its message: a text field still
 * worded so prints the message in the certificate's language. A wording the organiser wrote is theirs, and prints
 * as written.
 */
const defaultWordings = new Map<string, ServerMessageId>(
  (
    [
      'pdf.certificate.default.achievement',
      'pdf.certificate.default.participation',
      'pdf.certificate.default.certifyThat',
      'pdf.certificate.default.isAwarded',
      'pdf.certificate.default.tookPart',
      'pdf.certificate.default.date',
      'pdf.certificate.default.organiser',
      'pdf.certificate.default.verify',
    ] as const
  ).map((id) => [translator('en')(id, { code: '{code}', verifyUrl: '{verifyUrl}' }), id]),
);

/**
 * What a field prints: a text field's wording or a signature field's signatory (placeholders filled), else its
 * value. A default wording is printed in `language`.
 */
export function textOf(f: CertificateField, values: Record<string, string>, language: ServerLocale = 'en'): string {
  if (f.kind === 'text' || f.kind === 'signature') {
    const id = language === 'en' ? undefined : defaultWordings.get((f.text ?? '').trim());
    const text = id ? translator(language)(id, { code: '{code}', verifyUrl: '{verifyUrl}' }) : (f.text ?? '');
    return text.replace(/\{([a-zA-Z]+)\}/g, (all, key: string) => values[key] ?? all).trim();
  }
  return values[f.kind] ?? '';
}
