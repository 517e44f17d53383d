/**
 * Fetches that should not share a thin line with the first view of the question page (decision 088): the finished
 * page and Mantine, fetched ahead so that they open offline at time-up, wait until the page says its first question
 * and that question's pictures are shown (`firstViewShown`), then for the browser to be idle. On slow 4G they were
 * 100 KB that came before the question's picture. Whatever happens, they start within a few seconds.
 */
const waiting: Array<() => void> = [];
let shown = false;

const idle = (run: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(() => run(), { timeout: 2000 })
    : setTimeout(run, 200);

/** Runs `fetchAhead` once the first view is shown and the browser is idle (at once idle, when it already was). */
export function afterFirstView(fetchAhead: () => void): void {
  if (shown) idle(fetchAhead);
  else waiting.push(fetchAhead);
}

/** The question page's first view is on screen, its pictures loaded (or `after` ms gone, whichever is first). */
export function firstViewShown(pictures: Promise<unknown>, after = 4000): void {
  const done = () => {
    if (shown) return;
    shown = true;
    for (const run of waiting.splice(0)) idle(run);
  };
  void Promise.race([pictures, new Promise((resolve) => setTimeout(resolve, after))]).then(done, done);
}

/** Settles when every <img> now in `root` has loaded or failed. */
export function picturesIn(root: ParentNode): Promise<unknown> {
  const pending = [...root.querySelectorAll('img')].filter((img) => !img.complete);
  return Promise.all(
    pending.map(
      (img) =>
        new Promise((resolve) => {
          img.addEventListener('load', resolve, { once: true });
          img.addEventListener('error', resolve, { once: true });
        }),
    ),
  );
}
