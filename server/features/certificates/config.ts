import type { FieldError } from '#contract/errors';
import {
  type CertificateConfig,
  type CertificateField,
  type CertificateKindInfo,
  type CertificateTemplate,
} from '#contract/certificates';
import { AwardRule, BEST_IN_SCHOOL, PARTICIPATION, defaultAwardRule } from '#contract/results';
import { type OlympiadKind, unitWords } from '#contract/units';

/** The page of a template in PDF points (A4). */
export const pageSize = (t: Pick<CertificateTemplate, 'orientation'>) =>
  t.orientation === 'portrait' ? { width: 595.28, height: 841.89 } : { width: 841.89, height: 595.28 };

/** The olympiad's award rule as saved (the res feature's olympiad_results.award_rule), else the contract's default. */
export function awardRuleOf(saved: unknown): AwardRule {
  const parsed = AwardRule.safeParse(saved);
  return parsed.success ? parsed.data : defaultAwardRule;
}

/** The certificate kinds an award rule gives: every band, participation, and best-in-school when it is on. */
export function kindsOf(rule: AwardRule, olympiadKind: OlympiadKind): CertificateKindInfo[] {
  const kinds = rule.bands.map((b) => ({ key: b.key, label: b.label }));
  kinds.push({ key: PARTICIPATION, label: rule.participationLabel });
  if (rule.bestInSchool) kinds.push({ key: BEST_IN_SCHOOL, label: `Best in ${unitWords(olympiadKind).unit}` });
  return kinds;
}

/** What `{…}` placeholders a text field may hold, and what each prints. */
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

const field = (
  f: Omit<CertificateField, 'font' | 'align' | 'colour'> & Partial<CertificateField>,
): CertificateField => ({
  font: 'serif',
  align: 'center',
  colour: '#1a1a1a',
  ...f,
});

const navy = '#1f3a5f';
const grey = '#5a6472';
const gold = '#8a6a1f';

/** The landscape A4 template every olympiad starts with: a school could frame it as it is. */
function defaultTemplate(kind: 'award' | 'participation'): CertificateTemplate {
  const award = kind === 'award';
  return {
    orientation: 'landscape',
    backgroundFileId: null,
    signatureFileId: null,
    fields: [
      field({
        kind: 'text',
        text: award ? 'Certificate of Achievement' : 'Certificate of Participation',
        x: 96,
        y: 68,
        width: 650,
        size: 38,
        font: 'serif-bold',
        colour: navy,
      }),
      ...(award ? [field({ kind: 'olympiad', x: 96, y: 120, width: 650, size: 15, font: 'sans', colour: grey })] : []),
      field({ kind: 'text', text: 'This is to certify that', x: 96, y: 170, width: 650, size: 16, colour: '#333333' }),
      field({ kind: 'learner', x: 96, y: 196, width: 650, size: 54, font: 'script' }),
      field({ kind: 'school', x: 96, y: 268, width: 650, size: 19, colour: '#333333' }),
      field({ kind: 'grade', x: 96, y: 294, width: 650, size: 13, font: 'sans', colour: grey }),
      field({
        kind: 'text',
        text: award ? 'is awarded' : 'took part in the',
        x: 96,
        y: 330,
        width: 650,
        size: 16,
        colour: '#333333',
      }),
      award
        ? field({ kind: 'award', x: 96, y: 354, width: 650, size: 34, font: 'serif-bold', colour: gold })
        : field({ kind: 'olympiad', x: 96, y: 356, width: 650, size: 28, font: 'serif-bold', colour: gold }),
      field({ kind: 'date', x: 110, y: 462, width: 210, size: 15 }),
      field({ kind: 'text', text: 'Date', x: 110, y: 486, width: 210, size: 10, font: 'sans', colour: grey }),
      field({ kind: 'qr', x: 386, y: 428, width: 70, size: 70 }),
      // Until someone uploads a signature, the line carries who issues the certificate rather than a blank.
      field({ kind: 'signature', text: '{olympiad}', x: 522, y: 430, width: 210, size: 50 }),
      field({
        kind: 'text',
        text: 'Organiser',
        x: 522,
        y: 486,
        width: 210,
        size: 10,
        font: 'sans',
        colour: grey,
      }),
      field({
        kind: 'text',
        text: 'Certificate {code} · verify at {verifyUrl}',
        x: 171,
        y: 520,
        width: 500,
        size: 8,
        font: 'sans',
        colour: grey,
      }),
    ],
  };
}

/** The config of an olympiad that has saved none: achievement for the awards, its own title for participation. */
export function defaultConfig(): CertificateConfig {
  return {
    default: defaultTemplate('award'),
    templates: { [PARTICIPATION]: defaultTemplate('participation') },
  };
}

/** The template a kind prints with. */
export const templateFor = (config: CertificateConfig, kind: string): CertificateTemplate =>
  config.templates[kind] ?? config.default;

/** The uploaded files a config may name: this olympiad's, with their content types. */
export type FileTypes = ReadonlyMap<number, string>;

/**
 * What zod cannot check: every field inside its page, wording for text fields, known placeholders, templates only
 * for the award rule's kinds, and files that exist among this olympiad's uploads with a fitting type. Answers
 * field errors with their paths in the body (`body.templates.gold.fields.2.x`).
 */
export function configProblems(
  config: CertificateConfig,
  kinds: readonly CertificateKindInfo[],
  files: FileTypes,
): FieldError[] {
  const problems: FieldError[] = [];
  const known = new Set(kinds.map((k) => k.key));
  const check = (t: CertificateTemplate, at: string) => {
    const page = pageSize(t);
    const background = t.backgroundFileId;
    if (background != null) {
      const type = files.get(background);
      if (!type)
        problems.push({ path: `${at}.backgroundFileId`, message: 'This file is not among this olympiad’s files' });
      else if (!['application/pdf', 'image/png', 'image/jpeg'].includes(type))
        problems.push({ path: `${at}.backgroundFileId`, message: 'A background is a PDF, PNG or JPEG file' });
    }
    const signature = t.signatureFileId;
    if (signature != null) {
      const type = files.get(signature);
      if (!type)
        problems.push({ path: `${at}.signatureFileId`, message: 'This file is not among this olympiad’s files' });
      else if (!['image/png', 'image/jpeg'].includes(type))
        problems.push({ path: `${at}.signatureFileId`, message: 'A signature is a PNG or JPEG image' });
    }
    t.fields.forEach((f, i) => {
      const p = `${at}.fields.${i}`;
      if (f.x + f.width > page.width + 0.5)
        problems.push({
          path: `${p}.width`,
          message: `The field runs past the right edge of the page (${Math.round(page.width)} pt wide)`,
        });
      if (f.y + f.size > page.height + 0.5)
        problems.push({
          path: `${p}.y`,
          message: `The field runs past the foot of the page (${Math.round(page.height)} pt high)`,
        });
      if (f.kind === 'text' || f.kind === 'signature') {
        if (f.kind === 'text' && !f.text?.trim())
          problems.push({ path: `${p}.text`, message: 'Give the wording this field prints' });
        for (const m of (f.text ?? '').matchAll(/\{([^{}]*)\}/g)) {
          if (!(placeholders as readonly string[]).includes(m[1]!))
            problems.push({
              path: `${p}.text`,
              message: `{${m[1]}} is not a placeholder; use ${placeholders.map((x) => `{${x}}`).join(', ')}`,
            });
        }
      }
    });
  };
  check(config.default, 'body.default');
  for (const [key, template] of Object.entries(config.templates)) {
    if (!known.has(key))
      problems.push({
        path: `body.templates.${key}`,
        message: `The award rule has no certificate kind “${key}” (it has ${[...known].join(', ')})`,
      });
    check(template, `body.templates.${key}`);
  }
  return problems;
}
