import { readFileSync } from 'node:fs';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type apiLearner from '../../locales/en/api-learner.json';
import type apiPortal from '../../locales/en/api-portal.json';
import type apiPublic from '../../locales/en/api-public.json';
import type common from '../../locales/en/common.json';
import type mail from '../../locales/en/mail.json';
import type pdf from '../../locales/en/pdf.json';
import type validation from '../../locales/en/validation.json';

/**
 * The server's words in the reader's language (decision 090): the mail a teacher or school receives, the sign-in
 * slips and certificates, and the messages of the API that learner, teacher and public pages show. The same
 * catalogues as the web app (locales/), compiled once when the server starts.
 */
export const serverLocales = ['en', 'af'] as const;
export type ServerLocale = (typeof serverLocales)[number];
export type ServerMessageId =
  | keyof typeof common
  | keyof typeof validation
  | keyof typeof apiLearner
  | keyof typeof apiPublic
  | keyof typeof apiPortal
  | keyof typeof mail
  | keyof typeof pdf;

/** The catalogues the server reads: the shared ones and its own. */
const serverAreas = ['common', 'validation', 'api-learner', 'api-public', 'api-portal', 'mail', 'pdf'] as const;

export function isServerLocale(value: unknown): value is ServerLocale {
  return typeof value === 'string' && (serverLocales as readonly string[]).includes(value);
}

/** Intl's locale of each language for dates; numbers are `en-ZA` in both (contract/numbers.ts). */
export const serverDateLocale: Record<ServerLocale, string> = { en: 'en-GB', af: 'af-ZA' };

function readCatalogue(locale: ServerLocale, area: (typeof serverAreas)[number]): Record<string, string> {
  const file = new URL(`../../locales/${locale}/${area}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

const instances = new Map<ServerLocale, I18n>();

function instanceOf(locale: ServerLocale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    const raw = Object.assign({}, ...serverAreas.map((area) => readCatalogue(locale, area))) as Record<string, string>;
    const messages = Object.fromEntries(Object.entries(raw).map(([id, text]) => [id, compileMessage(text)]));
    instance = setupI18n({ locale, messages: { [locale]: messages } });
    instances.set(locale, instance);
  }
  return instance;
}

/** A message of `locale`; an id the catalogue lacks falls back to English (the catalogue test forbids that). */
export function translate(locale: ServerLocale, id: ServerMessageId, values?: Record<string, unknown>): string {
  const own = instanceOf(locale);
  if (locale !== 'en' && !(id in own.messages)) return instanceOf('en')._(id, values);
  return own._(id, values);
}

/** A translator bound to one language, for a mail or a PDF drawn in it. */
export function translator(locale: ServerLocale): (id: ServerMessageId, values?: Record<string, unknown>) => string {
  return (id, values) => translate(locale, id, values);
}

/**
 * The language a request reads: the first of `Accept-Language` that Olympus speaks (the web app sends the page's
 * language), else English.
 */
export function requestLocale(headers: { 'accept-language'?: string | string[] | undefined }): ServerLocale {
  const header = headers['accept-language'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of value.split(',')) {
    const base = part.trim().slice(0, 2).toLowerCase();
    if (isServerLocale(base)) return base;
  }
  return 'en';
}
