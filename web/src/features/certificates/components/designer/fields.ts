import type { CertificateField, CertificateFieldKind, CertificateTemplate } from '#contract/certificates';

/** A template as the form holds it (the contract's input: defaults may be missing). */
export type TemplateValues = CertificateTemplate;
export type FieldValues = CertificateField;

/** A4 in PDF points (contract/certificates.ts). */
export function pageSize(orientation: TemplateValues['orientation']) {
  return orientation === 'portrait' ? { width: 595, height: 842 } : { width: 842, height: 595 };
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
  serif: 'Serif',
  'serif-bold': 'Serif bold',
  sans: 'Sans',
  'sans-bold': 'Sans bold',
  script: 'Script',
} as const;

/** How the canvas draws each certificate font (the PDF embeds the real ones). */
export const fontCss: Record<keyof typeof fontLabels, { family: string; weight: number; style?: string }> = {
  serif: { family: 'Georgia, "Times New Roman", serif', weight: 400 },
  'serif-bold': { family: 'Georgia, "Times New Roman", serif', weight: 700 },
  sans: { family: 'system-ui, "Segoe UI", Roboto, Arial, sans-serif', weight: 400 },
  'sans-bold': { family: 'system-ui, "Segoe UI", Roboto, Arial, sans-serif', weight: 700 },
  script: { family: '"Brush Script MT", "Segoe Script", cursive', weight: 400, style: 'italic' },
};

export const isImageField = (kind: CertificateFieldKind) => kind === 'signature' || kind === 'qr';

/** What each placeholder of a text field stands for; the canvas shows these sample values. */
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
] as const;

export type Sample = Record<(typeof placeholders)[number], string>;

export function sampleValues(olympiad: string, today: string): Sample {
  return {
    learner: 'Zoë Müller-Nel',
    school: 'Hoërskool Waterkloof',
    grade: 'Grade 10',
    award: 'Gold',
    score: '87',
    percent: '87 %',
    percentile: '98th percentile',
    rank: '3rd',
    date: today,
    olympiad,
    code: 'K7QX-M4PT-9R',
  };
}

/** The words a field shows on the canvas: its sample value, or its text with the placeholders filled. */
export function fieldText(field: Pick<FieldValues, 'kind' | 'text'>, sample: Sample): string {
  if (field.kind === 'text') {
    return (field.text ?? '').replace(/\{([a-z]+)\}/g, (whole, name: string) =>
      name in sample ? sample[name as keyof Sample] : whole,
    );
  }
  if (isImageField(field.kind)) return fieldKindLabels[field.kind];
  return sample[field.kind];
}

/** The height of a field's box in points: a line of text, or the image's height. */
export const fieldHeight = (field: Pick<FieldValues, 'kind' | 'size'>) =>
  isImageField(field.kind) ? field.size : Math.round(field.size * 1.25);

/** A new field of a kind, placed in the middle of the page. */
export function newField(kind: CertificateFieldKind, page: { width: number; height: number }): FieldValues {
  const image = isImageField(kind);
  const width = kind === 'qr' ? 80 : image ? 180 : 360;
  const size = kind === 'qr' ? 80 : image ? 50 : kind === 'learner' ? 36 : 16;
  return {
    kind,
    ...(kind === 'text' ? { text: 'This certifies that' } : {}),
    x: Math.round((page.width - width) / 2),
    y: Math.round(page.height / 2 - size / 2),
    width,
    size,
    font: kind === 'learner' ? 'serif-bold' : 'serif',
    align: kind === 'qr' ? 'left' : 'center',
    colour: '#1a1a1a',
  };
}

/** A field kept inside the page: moved back in when it would stick out. */
export function clampToPage(field: FieldValues, page: { width: number; height: number }, x: number, y: number) {
  return {
    x: Math.round(Math.min(Math.max(0, x), Math.max(0, page.width - field.width))),
    y: Math.round(Math.min(Math.max(0, y), Math.max(0, page.height - fieldHeight(field)))),
  };
}
