/** The default message of the generic post helper (docs/spec.md §8). */
export const DEFAULT_ERROR_MESSAGE = 'An error occurred';

/** Shown when the server cannot be reached at all. */
export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** Alerts of later features, word for word (docs/spec.md §8). */
export const alerts = {
  invoicesLoadFailed: 'Could not get invoices',
  userDataLoadFailed: 'Something went wrong...getUserData',
} as const;

/** How long the global loader stays after a generic post finishes (docs/spec.md §9). */
export const LOADER_HIDE_DELAY_MS = 500;
