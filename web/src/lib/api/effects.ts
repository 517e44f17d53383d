export type NoticeKind = 'error' | 'success' | 'info';

/**
 * What the API client does to the screen, supplied by the app shell (app/shell/api-effects.ts), so the
 * transport itself stays free of UI code.
 */
export interface ApiEffects {
  /**
   * Show a short message: a write's failure or success (docs/spec.md §8), one of the spec's alerts, or a neutral
   * note (`info`: a background job has started; it has not succeeded yet).
   */
  notify: (kind: NoticeKind, message: string, title?: string) => void;
  /** Go to /login after a 401 has removed the stored user. */
  toLogin: () => void;
}

const effects: ApiEffects = {
  notify: () => undefined,
  toLogin: () => window.location.assign('/login'),
};

export function configureApiEffects(next: Partial<ApiEffects>) {
  Object.assign(effects, next);
}

export function apiEffects(): Readonly<ApiEffects> {
  return effects;
}

/** Shows one of the spec's alerts (e.g. `alerts.invoicesLoadFailed`). */
export function showAlert(message: string) {
  effects.notify('error', message);
}
