import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider, Trans, useLingui } from '@lingui/react';
import { useCallback, type ReactNode } from 'react';
import { loadMessages, type CatalogueArea } from './catalogues.js';
import type { MessageId } from './keys.js';
import { activeLocale, isLocale, setActiveLocale, storeLocale, type Locale } from './locale.js';

export type { CatalogueArea } from './catalogues.js';
export type { MessageId } from './keys.js';
export * from './locale.js';

/**
 * The web app's messages (decision 090): Lingui's runtime with catalogues compiled at build time. Every word a
 * learner, teacher or visitor reads comes from a catalogue through `useT`, `<T>` or `translate`; an entry calls
 * `prepareLocale` before its first render so nothing is drawn before its words are there.
 */
export type Values = Record<string, unknown>;

/** The browser's one instance. The server's render of public pages makes its own per page (`createI18n`). */
export const i18n: I18n = setupI18n();

const loaded = new Map<I18n, { areas: Set<CatalogueArea>; locales: Map<Locale, Set<CatalogueArea>> }>();

function stateOf(instance: I18n) {
  let state = loaded.get(instance);
  if (!state) {
    state = { areas: new Set(), locales: new Map() };
    loaded.set(instance, state);
  }
  return state;
}

/** A fresh instance (the server's render of one page). */
export function createI18n(): I18n {
  return setupI18n();
}

/**
 * Loads `areas` in `locale` (with whatever areas the instance already has) and makes it the active language.
 * Cheap when they are loaded already.
 */
export async function prepareLocale(
  locale: Locale,
  areas: readonly CatalogueArea[] = [],
  instance: I18n = i18n,
): Promise<void> {
  const state = stateOf(instance);
  for (const area of areas) state.areas.add(area);
  const have = state.locales.get(locale) ?? new Set<CatalogueArea>();
  const missing = [...state.areas].filter((area) => !have.has(area));
  if (missing.length) {
    const messages = await loadMessages(locale, missing);
    instance.load(locale, messages);
    for (const area of missing) have.add(area);
    state.locales.set(locale, have);
  }
  if (instance === i18n) setActiveLocale(locale);
  if (instance.locale !== locale || missing.length) instance.activate(locale);
}

/** Switches the page's language (a person's choice): kept in this browser for the next visit. */
export async function changeLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  await prepareLocale(locale);
}

export function I18nRoot({ children, instance = i18n }: { children: ReactNode; instance?: I18n }) {
  return <I18nProvider i18n={instance}>{children}</I18nProvider>;
}

/** A message of the active language, outside React (the API client's messages, a document title). */
export function translate(id: MessageId, values?: Values): string {
  return i18n._(id, values);
}

/** The translate function of the page's language; components re-render when the language changes. */
export function useT(): (id: MessageId, values?: Values) => string {
  const { i18n: active } = useLingui();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per language, so memoised children redraw
  return useCallback((id: MessageId, values?: Values) => active._(id, values), [active, active.locale]);
}

/** The page's language and the way to change it. */
export function useLocale(): { locale: Locale; setLocale: (locale: Locale) => Promise<void> } {
  const { i18n: active } = useLingui();
  const locale = isLocale(active.locale) ? active.locale : activeLocale();
  return { locale, setLocale: changeLocale };
}

/**
 * A message with markup inside: `<T id="learner.x" values={{ n }} components={{ 0: <strong /> }} />` where the
 * message reads `Answer <0>{n}</0> questions`.
 */
export function T(props: { id: MessageId; values?: Values; components?: Record<string, ReactNode> }) {
  return <Trans id={props.id} values={props.values} components={props.components as Record<string, never>} />;
}
