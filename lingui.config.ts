import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

/**
 * The message catalogues (decision 090): one JSON file per area and language under locales/, each a flat map of
 * message id to an ICU message. The ids are written by hand (`learner.paper.next`), never extracted from the code,
 * so English is a catalogue like Afrikaans. The web app imports a catalogue with `?lingui` and Lingui's Vite plugin
 * compiles it at build time (no message parser reaches a browser); the server compiles the same files, and its own
 * (`api-*`, `mail`, `pdf`), when it starts (server/platform/i18n.ts).
 */
export const catalogueAreas = ['common', 'learner', 'sitting', 'public', 'portal', 'validation'] as const;

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'af'],
  fallbackLocales: { default: 'en' },
  format: formatter({ style: 'minimal' }),
  catalogs: catalogueAreas.map((area) => ({
    path: `<rootDir>/locales/{locale}/${area}`,
    include: [],
  })),
});
