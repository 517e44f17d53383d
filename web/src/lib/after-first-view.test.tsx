import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Each test takes a fresh copy of the module: whether the first view was shown is the page's own state. */
const fresh = async () => {
  vi.resetModules();
  return import('./after-first-view.js');
};

describe('lib/after-first-view', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a fetch ahead waits until the first view and its pictures are shown, then for an idle moment', async () => {
    const { afterFirstView, firstViewShown } = await fresh();
    const fetchAhead = vi.fn();
    afterFirstView(fetchAhead);
    let loaded!: () => void;
    firstViewShown(new Promise<void>((resolve) => (loaded = resolve)));
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchAhead).not.toHaveBeenCalled();
    loaded();
    await vi.advanceTimersByTimeAsync(2500);
    expect(fetchAhead).toHaveBeenCalledTimes(1);
    // Once shown, a later one only waits for the browser to be idle.
    const later = vi.fn();
    afterFirstView(later);
    await vi.advanceTimersByTimeAsync(2500);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('a picture that never loads holds nothing back for more than the time given', async () => {
    const { afterFirstView, firstViewShown } = await fresh();
    const fetchAhead = vi.fn();
    afterFirstView(fetchAhead);
    firstViewShown(new Promise(() => undefined), 4000);
    await vi.advanceTimersByTimeAsync(3900);
    expect(fetchAhead).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2500);
    expect(fetchAhead).toHaveBeenCalledTimes(1);
  });

  it('picturesIn settles when every picture of the page has loaded or failed', async () => {
    const { picturesIn } = await fresh();
    const page = document.createElement('div');
    page.innerHTML = '<img src="/a.png" alt=""><img src="/b.png" alt="">';
    const [a, b] = [...page.querySelectorAll('img')];
    // Still loading (happy-dom loads no pictures, so it calls them complete).
    for (const img of [a, b]) Object.defineProperty(img, 'complete', { value: false });
    const done = vi.fn();
    void picturesIn(page).then(done);
    a!.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).not.toHaveBeenCalled();
    b!.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalled();
  });
});
