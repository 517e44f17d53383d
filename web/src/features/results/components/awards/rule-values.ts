import type { AwardRule, ResultsSettingsBody } from '#contract/results';

/** The rule editor's values: the settings body, with number inputs that may be empty ('') while typing. */
export interface BandValues {
  /** A stable id for React while bands are added, removed and reordered. */
  id: string;
  label: string;
  share: number | string;
  minPercent: number | string;
}

export interface RuleValues extends Record<string, unknown> {
  awardRule: Omit<AwardRule, 'bands'> & { bands: BandValues[] };
  topSchoolsBestN: number | string;
}

let nextId = 0;
export const bandId = () => `band-${++nextId}`;

/** An award's key from its name: lower-case letters, digits and dashes ("Best pupil" → best-pupil, "Goud" → goud). */
export function keyOf(label: string): string {
  const slug = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 26);
  if (!slug) return '';
  return /^[a-z]/.test(slug) ? slug : `award-${slug}`;
}

const numberOrUndefined = (v: number | string) => (v === '' || v == null ? undefined : Number(v));

export function toValues(rule: AwardRule, bestN: number): RuleValues {
  return {
    awardRule: {
      ...rule,
      bands: rule.bands.map((b) => ({
        id: bandId(),
        label: b.label,
        share: b.share ?? '',
        minPercent: b.minPercent ?? '',
      })),
    },
    topSchoolsBestN: bestN,
  };
}

/** The values as the server takes them: each band's key from its name; only the mode's number is sent. */
export function toInput(values: RuleValues): ResultsSettingsBody {
  const { bands, ...rest } = values.awardRule;
  return {
    awardRule: {
      ...rest,
      bands: bands.map((b) => {
        const share = numberOrUndefined(b.share);
        const minPercent = numberOrUndefined(b.minPercent);
        return {
          key: keyOf(b.label),
          label: b.label.trim(),
          ...(rest.mode === 'percentile' && share !== undefined ? { share } : {}),
          ...(rest.mode === 'cut_score' && minPercent !== undefined ? { minPercent } : {}),
        };
      }),
    },
    topSchoolsBestN: Number(values.topSchoolsBestN),
  };
}

/** A band's key is derived from its name, so the key's errors show on the name. */
export const issueField = (path: string) => path.replace(/\.key$/, '.label');

const defaultNames = ['Gold', 'Silver', 'Bronze', 'Merit', 'Commendation'];

/**
 * "Split the top X % in a ratio 1:2:3": the first bands (added as needed) get X in that ratio, best first;
 * the bands after them keep their shares. Null when the ratio cannot be read.
 */
export function splitTop(bands: readonly BandValues[], top: number, ratio: string): BandValues[] | null {
  const parts = ratio
    .split(/[:;,\s]+/)
    .filter(Boolean)
    .map(Number);
  if (!parts.length || parts.length > 10 || parts.some((p) => !Number.isFinite(p) || p <= 0) || !(top > 0)) return null;
  const sum = parts.reduce((a, b) => a + b, 0);
  const out = [...bands];
  parts.forEach((p, i) => {
    const share = Math.round(((top * p) / sum) * 100) / 100;
    out[i] = out[i]
      ? { ...out[i]!, share }
      : { id: bandId(), label: defaultNames[i] ?? `Award ${i + 1}`, share, minPercent: '' };
  });
  return out;
}
