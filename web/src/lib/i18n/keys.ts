import type common from '../../../../locales/en/common.json';
import type learner from '../../../../locales/en/learner.json';
import type sitting from '../../../../locales/en/sitting.json';
import type portal from '../../../../locales/en/portal.json';
import type publicSite from '../../../../locales/en/public.json';
import type validation from '../../../../locales/en/validation.json';

/**
 * Every message id the web app may ask for: the keys of the English catalogues, so a misspelt id fails the type
 * check, and web/src/lib/i18n/catalogues.test.ts fails on any id the Afrikaans catalogue lacks.
 */
export type MessageId =
  | keyof typeof common
  | keyof typeof learner
  | keyof typeof sitting
  | keyof typeof publicSite
  | keyof typeof portal
  | keyof typeof validation;
