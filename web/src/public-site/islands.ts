/**
 * The only script a public page loads at first (decision 047). The server sends each public page already
 * rendered (server.tsx), so a visitor reads it, follows its links (plain addresses, each page rendered again by
 * the server) and scrolls without any of the site's JavaScript. This file loads the public site's app, which
 * hydrates the page (main.tsx), only when it is needed:
 *  - at once for a signed-in person (the header shows their own area);
 *  - at the visitor's first interaction with the page (a tap, a key, a field taking focus); what they typed into a
 *    field before the app was ready is handed to it, and a button pressed or a form sent meanwhile is pressed or
 *    sent again once it is;
 *  - on the Watch page, when the figures the server refreshes change (polled at its own interval), so the counters
 *    go live on exam day.
 * No dependencies: it must stay a few hundred bytes.
 */
const root = document.getElementById('root');
const appUrl = root?.dataset.app;

type Pending = { kind: 'click'; target: HTMLElement } | { kind: 'submit'; form: HTMLFormElement };
let pending: Pending | null = null;
let loading = false;
/** Fields the visitor typed into before the app was ready. */
const typed = new Set<HTMLInputElement | HTMLTextAreaElement>();

function loadApp() {
  if (loading || !appUrl) return;
  loading = true;
  window.addEventListener('olympus-hydrated', replay, { once: true });
  const script = document.createElement('script');
  script.type = 'module';
  script.src = appUrl;
  document.head.append(script);
}

/** What the visitor did before the app was ready, done again now that it is. */
function replay() {
  for (const type of triggers) window.removeEventListener(type, loadApp, true);
  window.removeEventListener('click', hold, true);
  window.removeEventListener('submit', hold, true);
  window.removeEventListener('input', remember, true);
  for (const field of typed) if (field.isConnected) handOver(field);
  const done = pending;
  pending = null;
  if (done?.kind === 'click' && done.target.isConnected) done.target.click();
  if (done?.kind === 'submit' && done.form.isConnected) done.form.requestSubmit();
}

/**
 * Before the app is ready a button does nothing and a form would be sent as a plain GET of this address: hold the
 * last one and let the app do it. Links are left alone: they are ordinary addresses.
 */
function hold(event: Event) {
  if (!loading) loadApp();
  const target = event.target instanceof Element ? event.target : null;
  if (event.type === 'submit' && target instanceof HTMLFormElement) {
    event.preventDefault();
    pending = { kind: 'submit', form: target };
    return;
  }
  const button = target?.closest<HTMLElement>('button, [role="button"], input[type="checkbox"], input[type="radio"]');
  if (button && !target?.closest('a[href]')) {
    event.preventDefault();
    pending = { kind: 'click', target: button };
  }
}

function remember(event: Event) {
  const field = event.target;
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) typed.add(field);
}

/**
 * The app hydrated the field with its own (empty) state and left the text the visitor typed on screen: give it that
 * text as an ordinary input event. React notices a change only against the value it last set, so the field is set
 * empty through React's own setter and then to the text through the element's native one.
 */
function handOver(field: HTMLInputElement | HTMLTextAreaElement) {
  const text = field.value;
  const native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  if (!native) return;
  field.value = '';
  native.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const triggers = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

const signedIn = () => {
  try {
    return localStorage.getItem('user') != null || document.cookie.split('; ').some((c) => c.startsWith('user='));
  } catch {
    return false;
  }
};

/** The Watch page's figures as rendered, to compare with what the server says now. */
function watchFigures(data: unknown): string | null {
  const w = data as { totals?: unknown; open?: unknown; coming?: unknown } | null;
  return w && typeof w === 'object' ? JSON.stringify([w.totals, w.open, w.coming]) : null;
}

function renderedWatch(): { figures: string | null; refreshSeconds: number } | null {
  const text = document.getElementById('olympus-page-data')?.textContent;
  if (!text) return null;
  const state = JSON.parse(text) as { queries?: { queryHash: string; state: { data: unknown } }[] };
  const query = state.queries?.find((q) => q.queryHash === '["public","watch"]');
  if (!query) return null;
  const data = query.state.data as { refreshSeconds?: number };
  return { figures: watchFigures(data), refreshSeconds: data.refreshSeconds ?? 5 };
}

function pollWatch(rendered: { figures: string | null; refreshSeconds: number }) {
  const every = Math.max(2, rendered.refreshSeconds) * 1000;
  const timer = window.setInterval(() => {
    if (loading) return window.clearInterval(timer);
    if (document.visibilityState !== 'visible') return;
    fetch('/website/api/watch', { headers: { Accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() : null))
      .then((now: unknown) => {
        if (now && watchFigures(now) !== rendered.figures) loadApp();
      })
      .catch(() => undefined);
  }, every);
}

if (appUrl) {
  if (signedIn()) loadApp();
  else {
    for (const type of triggers) window.addEventListener(type, loadApp, { capture: true, passive: true });
    window.addEventListener('click', hold, true);
    window.addEventListener('submit', hold, true);
    window.addEventListener('input', remember, true);
    const watch = renderedWatch();
    if (watch) pollWatch(watch);
  }
}
