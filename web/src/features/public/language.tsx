import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isLocale, locales, localeNames, prepareLocale, useLocale, type Locale } from '../../lib/i18n/index.js';
import { projectQuery } from '../../lib/public-api/index.js';

/*
 * A public page's language (decision 092): `?lang=en|af` in the address chooses; without it the project's own
 * language (the Afrikaans olympiad's site is `af`), and the platform's pages are English. The server renders the
 * page in that language and sets `<html lang>` (server/features/spa/routes.ts); the browser hydrates in the same.
 */

/** The pages of a project's public site, /{projectName}/{page}. */
const projectPages = new Set([
  'home',
  'about',
  'participation-and-rules',
  'past-olympiads',
  'past-winners',
  'contact',
  'faq',
  'expression-of-interest',
]);

/** The project an address belongs to, or null for the platform's own pages. */
export function projectOfPath(pathname: string): string | null {
  const [first, second, ...rest] = pathname.split('/').filter(Boolean);
  if (!first || !second || rest.length || first === 'olympus' || !projectPages.has(second)) return null;
  return decodeURIComponent(first);
}

/** The language `?lang` asks for, when Olympus speaks it. */
export function askedLocale(search: string): Locale | null {
  const lang = new URLSearchParams(search).get('lang');
  return isLocale(lang) ? lang : null;
}

/** `to` with `?lang=` when `locale` is not the target page's own language (`own`), else as it is. */
export function withLang(to: string, locale: Locale, own: Locale = 'en'): string {
  const [path, hash = ''] = to.split('#');
  const url = new URL(path!, 'http://x');
  if (locale === own) url.searchParams.delete('lang');
  else url.searchParams.set('lang', locale);
  return `${url.pathname}${url.search}${hash ? `#${hash}` : ''}`;
}

/** The project of the page shown (the page itself reads the same answer), nothing on the platform's pages. */
const useProjectOf = (projectName: string | null) =>
  useQuery({ ...projectQuery(projectName ?? ''), enabled: projectName != null });

/** The language of the page now shown, and its project's own (English for the platform's pages). */
export function usePageLanguage(): { locale: Locale; own: Locale; projectName: string | null } {
  const { pathname, search } = useLocation();
  const projectName = projectOfPath(pathname);
  const project = useProjectOf(projectName);
  const own: Locale = projectName && project.data?.language === 'af' ? 'af' : 'en';
  return { locale: askedLocale(search) ?? own, own, projectName };
}

/**
 * Keeps the words in the page's language as the visitor moves between pages in the browser: a link into a project
 * of the other language, or one carrying `?lang`, switches it (the server renders the same address in the same).
 */
export function useFollowPageLanguage(): void {
  const { locale, projectName } = usePageLanguage();
  const { locale: active } = useLocale();
  const project = useProjectOf(projectName);
  const known = !projectName || project.data != null || project.isError;
  useEffect(() => {
    if (known && locale !== active) void prepareLocale(locale);
  }, [known, locale, active]);
}

/**
 * Links in the public pages: `to` in the page's language, `?lang` added only when that is not the target's own
 * (`own`: the target project's language; the platform's pages are English).
 */
export function useLangTo(): (to: string, own?: Locale) => string {
  const { locale } = useLocale();
  return (to, own = 'en') => withLang(to, locale, own);
}

/**
 * The switcher in the public header: a plain link to this page in each other language (each named in itself, with
 * its `lang`), so it works before any script has run; the server renders that address in that language.
 */
export function LanguageLinks({ className }: { className?: string }) {
  const { pathname, search, hash } = useLocation();
  const { locale, own } = usePageLanguage();
  return (
    <>
      {locales
        .filter((other) => other !== locale)
        .map((other) => {
          const params = new URLSearchParams(search);
          if (other === own) params.delete('lang');
          else params.set('lang', other);
          const query = params.toString();
          return (
            <a
              key={other}
              href={`${pathname}${query ? `?${query}` : ''}${hash}`}
              hrefLang={other}
              lang={other}
              className={className}
            >
              {localeNames[other]}
            </a>
          );
        })}
    </>
  );
}
