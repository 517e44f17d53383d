/** The default message of the generic post helper (docs/spec.md §8). */
export const DEFAULT_ERROR_MESSAGE = 'An error occurred';

import { translate } from '../i18n/index.js';

/** Shown when the server cannot be reached at all, in the page's language. */
export const networkErrorMessage = () => translate('common.error.network');

/** Alerts of later features, word for word (docs/spec.md §8). */
export const alerts = {
  invoicesLoadFailed: 'Could not get invoices',
  userDataLoadFailed: 'Something went wrong...getUserData',
} as const;

/** How long the global loader stays after a generic post finishes (docs/spec.md §9). */
export const LOADER_HIDE_DELAY_MS = 500;
