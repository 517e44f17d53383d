import type { Messages } from '@lingui/core';
import type { Locale } from './locale.js';

/**
 * The catalogues of locales/ (decision 090), one chunk per area and language, compiled at build time by Lingui's
 * Vite plugin (`?lingui`): a page loads only its areas in the chosen language.
 */
export type CatalogueArea = 'common' | 'learner' | 'sitting' | 'public' | 'portal' | 'validation';

// Only the web's areas (lingui.config.ts lists them): the server's own catalogues (api-*, mail, pdf) never reach a page.
const files = import.meta.glob<Messages>(
  [
    '../../../../locales/*/common.json',
    '../../../../locales/*/learner.json',
    '../../../../locales/*/sitting.json',
    '../../../../locales/*/public.json',
    '../../../../locales/*/portal.json',
    '../../../../locales/*/validation.json',
  ],
  { query: '?lingui', import: 'messages' },
);

export async function loadMessages(locale: Locale, areas: readonly CatalogueArea[]): Promise<Messages> {
  const parts = await Promise.all(
    areas.map((area) => {
      const load = files[`../../../../locales/${locale}/${area}.json`];
      if (!load) throw new Error(`No ${area} catalogue for ${locale}`);
      return load();
    }),
  );
  return Object.assign({}, ...parts) as Messages;
}
