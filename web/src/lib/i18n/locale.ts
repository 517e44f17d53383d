/**
 * The languages a learner, teacher or visitor reads Olympus in (decision 090), without React or Lingui, so the
 * learner's light page and plain functions (dates, the API client) can read the one that is active.
 */
export const locales = ['en', 'af'] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * The `Intl` locale of each language. Afrikaans is `af-ZA`. English dates follow `en-GB` ("3 March 2027"): `en-ZA`'s
 * data pads the day ("03 March 2027"), which South African English prose does not; numbers and money are `en-ZA`
 * in both languages (contract/numbers.ts), and the two agree there.
 */
export const intlDateLocale: Record<Locale, string> = { en: 'en-GB', af: 'af-ZA' };
export const intlLocale: Record<Locale, string> = { en: 'en-ZA', af: 'af-ZA' };

/** Each language's name in itself, for a switcher: a reader finds their own language whatever the page is in. */
export const localeNames: Record<Locale, string> = { en: 'English', af: 'Afrikaans' };

let active: Locale = defaultLocale;

/** The language the page is in now. */
export function activeLocale(): Locale {
  return active;
}

/** Set by the i18n provider when a language's catalogues are loaded (index.tsx); also sets `<html lang>`. */
export function setActiveLocale(locale: Locale): void {
  active = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

const STORAGE_KEY = 'olympus.language';

/** The language this browser last chose, if any. */
export function storedLocale(): Locale | null {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
}

/**
 * The language to show from what is offered (an olympiad's languages, in order, the first its default): the
 * person's own choice when it is offered, else the browser's first offered language, else the first offered.
 */
export function pickLocale(offered: readonly string[], chosen: string | null | undefined = storedLocale()): Locale {
  const usable = offered.filter(isLocale);
  if (!usable.length) return defaultLocale;
  if (isLocale(chosen) && usable.includes(chosen)) return chosen;
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of browser) {
    const base = tag?.slice(0, 2);
    if (isLocale(base) && usable.includes(base)) return base;
  }
  return usable[0] as Locale;
}
