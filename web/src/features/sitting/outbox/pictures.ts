/**
 * The paper's pictures on the device: one copy of each, kept in IndexedDB for the learner and olympiad beside the
 * paper (lib/offline/db.ts), which the learner app's service worker answers a picture's address from when the
 * network fails, whatever width or format the page asks for (the query is ignored: a picture's path names its
 * content). A picture is fetched once, at a phone's width, after the paper is on screen, one at a time, so a thin
 * line carries the learner's answers first.
 */
import type { Paper } from '#contract/index';
import { run, type StoredPicture } from '../../../lib/offline/db.js';

const QUESTION_IMAGE = /^\/question\/image\/\d+\/[0-9a-f]+$/;

/** Same-origin picture paths in sanitised rich text (`<img src>`). */
function inHtml(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
}

/** Every picture a learner sees on the paper: the question's, its options' and places', and those in its text. */
export function picturesOf(paper: Paper): string[] {
  const urls: string[] = [];
  for (const module of paper.modules) {
    urls.push(...inHtml(module.intro));
    for (const question of module.questions) {
      urls.push(...inHtml(question.prompt));
      if (question.imageUrl) urls.push(question.imageUrl);
      for (const option of question.options) if (option.imageUrl) urls.push(option.imageUrl);
      for (const target of question.targets) if (target.imageUrl) urls.push(target.imageUrl);
    }
  }
  const paths = new Set<string>();
  for (const url of urls) {
    try {
      const parsed = new URL(url, window.location.origin);
      if (parsed.origin === window.location.origin) paths.add(parsed.pathname);
    } catch {
      // Not an address: nothing to keep.
    }
  }
  return [...paths];
}

/**
 * Fetches and keeps each picture of the paper not kept yet. A stored question image as its WebP copy 800 px wide
 * (decision 088: a quarter of the bytes of the upload's own format, and every browser with a service worker shows
 * WebP); others (the demo's maps) as they are. A picture that fails is tried again when the paper next opens.
 */
export async function keepPictures(owner: string, paper: Paper): Promise<void> {
  const kept = new Set(
    ((await run('pictures', 'readonly', (store) => store.index('owner').getAllKeys(owner))) ?? []).map(String),
  );
  for (const path of picturesOf(paper)) {
    const key = `${owner}|${path}`;
    if (kept.has(key)) continue;
    try {
      const response = await fetch(QUESTION_IMAGE.test(path) ? `${path}?w=800&f=webp` : path, {
        credentials: 'same-origin',
      });
      if (!response.ok) continue;
      const picture: StoredPicture = { key, owner, path, blob: await response.blob() };
      await run('pictures', 'readwrite', (store) => store.put(picture));
    } catch {
      // Offline already: the next opening tries again.
      return;
    }
  }
}
