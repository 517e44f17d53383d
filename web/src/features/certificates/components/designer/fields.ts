import type { CertificateField, CertificateFieldKind, CertificateTemplate } from '#contract/certificates';

/** A template as the form holds it (the contract's input: defaults may be missing). */
export type TemplateValues = CertificateTemplate;
export type FieldValues = CertificateField;

/** A4 in PDF points, as the server checks and prints it (server/features/certificates/config.ts). */
export function pageSize(orientation: TemplateValues['orientation']) {
  return orientation === 'portrait' ? { width: 595.28, height: 841.89 } : { width: 841.89, height: 595.28 };
}

export const fieldKindLabels: Record<CertificateFieldKind, string> = {
  learner: 'Learner’s name',
  school: 'School',
  grade: 'Grade',
  award: 'Award',
  score: 'Score',
  percent: 'Percentage',
  percentile: 'Percentile',
  rank: 'Rank',
  date: 'Date',
  olympiad: 'Olympiad',
  code: 'Verification code',
  text: 'Fixed text',
  signature: 'Signature',
  qr: 'QR code',
};

export const fontLabels = {
  serif: 'Serif (EB Garamond)',
  'serif-bold': 'Serif bold (EB Garamond)',
  sans: 'Sans (Source Sans 3)',
  'sans-bold': 'Sans bold (Source Sans 3)',
  script: 'Script (Great Vibes)',
} as const;

/**
 * The families the designer's canvas draws each certificate font in: the PDF's own font files, added to the page
 * under names of their own, so that a different version installed on the computer (or none) does not change the
 * letters the canvas shows and measures.
 */
export const certificateFontFaces: Record<CertificateField['font'], { family: string; weight: 400 | 700 }> = {
  serif: { family: 'Olympus EB Garamond', weight: 400 },
  'serif-bold': { family: 'Olympus EB Garamond', weight: 700 },
  sans: { family: 'Olympus Source Sans 3', weight: 400 },
  'sans-bold': { family: 'Olympus Source Sans 3', weight: 700 },
  script: { family: 'Olympus Great Vibes', weight: 400 },
};

const serifFamily = `"${certificateFontFaces.serif.family}"`;
const stack = (font: keyof typeof fontLabels, ...lookAlikes: string[]) =>
  [`"${certificateFontFaces[font].family}"`, ...(font.startsWith('serif') ? [] : [serifFamily]), ...lookAlikes].join(
    ', ',
  );

/**
 * How the canvas draws each certificate font: the PDF's own font files, loaded from the server (`useCertificateFonts`),
 * then, like the PDF, the serif for a letter the font lacks; look-alikes only until the files have loaded. Great
 * Vibes is upright in the PDF, so the canvas never slants it.
 */
export const fontCss: Record<keyof typeof fontLabels, { family: string; weight: number }> = {
  serif: { family: stack('serif', 'Garamond', 'Georgia', 'serif'), weight: 400 },
  'serif-bold': { family: stack('serif-bold', 'Garamond', 'Georgia', 'serif'), weight: 700 },
  sans: { family: stack('sans', 'system-ui', 'Arial', 'sans-serif'), weight: 400 },
  'sans-bold': { family: stack('sans-bold', 'system-ui', 'Arial', 'sans-serif'), weight: 700 },
  script: { family: stack('script', '"Brush Script MT"', '"Segoe Script"', 'cursive'), weight: 400 },
};

export const isImageField = (kind: CertificateFieldKind) => kind === 'signature' || kind === 'qr';

/**
 * The `{placeholders}` a text field may hold (the server refuses others); the canvas shows these sample values,
 * written the way the PDF prints them.
 */
export const placeholders = [
  'learner',
  'school',
  'grade',
  'award',
  'score',
  'percent',
  'percentile',
  'rank',
  'date',
  'olympiad',
  'code',
  'verifyUrl',
] as const;

export type Sample = Record<(typeof placeholders)[number], string>;

const printedDate = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Johannesburg',
});

/** The sample words of the canvas; `publicUrl` is the server's public address, which the PDF prints. */
export function sampleValues(olympiad: string, today: Date, publicUrl: string): Sample {
  return {
    learner: 'Zoë Müller-Nel',
    school: 'Hoërskool Waterkloof',
    grade: 'Grade 10',
    award: 'Gold',
    score: '87 out of 100',
    percent: '87%',
    percentile: '98th percentile',
    rank: '3rd place',
    date: printedDate.format(today),
    olympiad,
    code: 'K7QX-M4PT-9RHW',
    verifyUrl: `${publicUrl.replace(/^https?:\/\//, '').replace(/\/+$/, '')}/verify/K7QXM4PT9RHW`,
  };
}

/**
 * The words a field shows on the canvas: its sample value, or its text with the placeholders filled (a signature
 * field's text is its signatory, which the PDF prints on the line while there is no signature image).
 */
export function fieldText(field: Pick<FieldValues, 'kind' | 'text'>, sample: Sample): string {
  if (field.kind === 'text' || field.kind === 'signature') {
    return (field.text ?? '').replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) =>
      name in sample ? sample[name as keyof Sample] : whole,
    );
  }
  if (isImageField(field.kind)) return fieldKindLabels[field.kind];
  return sample[field.kind];
}

/**
 * The height of a field's box in points: `size` for every kind (contract/certificates.ts: a text's baseline sits at
 * 0.8 × size from the top; a QR code is a square of that side; a signature is scaled into width × size).
 */
export const fieldHeight = (field: Pick<FieldValues, 'size'>) => field.size;

/** A new field of a kind, placed in the middle of the page. */
export function newField(kind: CertificateFieldKind, page: { width: number; height: number }): FieldValues {
  const image = isImageField(kind);
  const width = kind === 'qr' ? 70 : image ? 210 : 360;
  const size = kind === 'qr' ? 70 : image ? 50 : kind === 'learner' ? 36 : 16;
  return {
    kind,
    ...(kind === 'text' ? { text: 'This is to certify that' } : kind === 'signature' ? { text: '{olympiad}' } : {}),
    x: Math.round((page.width - width) / 2),
    y: Math.round(page.height / 2 - size / 2),
    width,
    size,
    font: kind === 'learner' ? 'serif-bold' : 'serif',
    align: kind === 'qr' ? 'left' : 'center',
    colour: '#1a1a1a',
  };
}

/** A field kept inside the page (whole points): moved back in when it would stick out. */
export function clampToPage(field: FieldValues, page: { width: number; height: number }, x: number, y: number) {
  return {
    x: Math.round(Math.min(Math.max(0, x), Math.max(0, Math.floor(page.width - field.width)))),
    y: Math.round(Math.min(Math.max(0, y), Math.max(0, Math.floor(page.height - fieldHeight(field))))),
  };
}
