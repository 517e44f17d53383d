/**
 * The learner's paper in bytes (decision 088), checked after `vite build` and check-bundle.mjs (`npm run build`):
 *
 *   the pictures of geo-demo's whole paper on a 360 px phone (2 device pixels a CSS pixel) and on a 1280 px laptop,
 *   each at most 300 KB, beside the question page's JavaScript (≤ 150 KB gzipped, check-bundle.mjs) and CSS.
 *
 * The pictures come from the demo seed itself, run on a PGlite database of its own: every question's picture, its
 * options' pictures and those in its text, each counted once (the browser keeps what it fetched). Each is counted as
 * the page would fetch it: a stored image as the WebP copy its `srcset` picks at that screen (made by the server's
 * own encoder, `encodeWebp`), a file of the build (the demo's SVG maps) as the server sends it (brotli from 1 KB).
 * The demo's pictures are SVG, so their figure is also given as if each had been uploaded as a PNG at its size
 * (drawn by sharp, stored by `prepareImage` as an upload is), to keep the resizer's path in the figure. Exits 1 over
 * budget.
 *
 *   tsx scripts/paper-bytes.ts [--budget-kb 300] [--dist dist/web]
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { openPglite } from '../server/db/client.js';
import { olympiads, questionModules, questions } from '../server/db/schema/index.js';
import { encodeWebp, prepareImage } from '../server/platform/images.js';
import { seedDemo } from '../server/seed/demo.js';
import { webpSrcset } from '../web/src/components/phone-images.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const budgetKb = Number(option('--budget-kb', process.env.PAPER_PICTURES_BUDGET_KB ?? '300'));
const dist = path.resolve(option('--dist', 'dist/web'));
const OLYMPIAD = 'geo-demo';
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * The screens, and the width a picture is shown at there in CSS pixels (phone-images.tsx `columnSizes`: the paper's
 * column is the screen less 66 px on a phone, 622 px on a laptop; an option's picture at most 220 px).
 */
const screens = [
  { name: 'phone 360 px, 2×', dpr: 2, column: 360 - 66 },
  { name: 'laptop 1280 px, 1×', dpr: 1, column: Math.min(1280, 720) - 98 },
] as const;
const OPTION_WIDTH = 220;

interface Picture {
  url: string;
  /** The picture's own width, when the question says it. */
  width: number | null;
  place: 'column' | 'option';
}

async function demoPictures(): Promise<Picture[]> {
  // In memory: nothing on disk to remove, and the fastest PGlite there is.
  const database = await openPglite({});
  try {
    await database.migrate();
    await seedDemo(database.db);
    const rows = await database.db
      .select({ q: questions })
      .from(questions)
      .innerJoin(questionModules, eq(questionModules.id, questions.moduleId))
      .innerJoin(olympiads, and(eq(olympiads.id, questionModules.olympiadId), eq(olympiads.varName, OLYMPIAD)))
      .orderBy(asc(questionModules.position), asc(questions.position));
    const found = new Map<string, Picture>();
    const add = (p: Picture) => found.set(p.url, found.get(p.url) ?? p);
    for (const { q } of rows) {
      for (const m of q.prompt.matchAll(/<img\b[^>]*\ssrc="([^"]+)"/g))
        add({ url: m[1]!, width: null, place: 'column' });
      if (q.imageUrl) add({ url: q.imageUrl, width: q.imageWidth, place: 'column' });
      for (const o of q.options) if (o.imageUrl) add({ url: o.imageUrl, width: null, place: 'option' });
    }
    return [...found.values()];
  } finally {
    await database.close();
  }
}

/** Any stored image's address: the copies offered depend on the picture's width, not on its address. */
const STORED = `/question/image/1/${'0'.repeat(32)}`;

/** The width `srcset` picks for `need` device pixels: the narrowest copy at least that wide (none: the kept copy). */
function picked(width: number | undefined, need: number): number | undefined {
  const candidates = webpSrcset(STORED, width)
    .split(', ')
    .map((c) => Number(c.split(' ')[1]!.slice(0, -1)));
  const enough = candidates.find((w) => w >= need) ?? candidates.at(-1)!;
  return enough === width ? undefined : enough;
}

/** A stored image's bytes at a screen: the WebP copy its srcset picks there, made by the server's encoder. */
async function storedBytes(
  kept: { bytes: Buffer; type: string; width: number },
  p: Picture,
  dpr: number,
  column: number,
) {
  const option = p.place === 'option';
  const slot = option ? OPTION_WIDTH : Math.min(kept.width, column);
  return (await encodeWebp(kept.bytes, kept.type, picked(option ? undefined : kept.width, slot * dpr))).length;
}

async function main() {
  if (!existsSync(dist)) throw new Error(`paper-bytes: no build at ${dist}: run \`npx vite build\` first`);
  const started = performance.now();
  const pictures = await demoPictures();
  const seeded = performance.now();
  const served = (url: string) => {
    const file = path.join(dist, url);
    if (!existsSync(file)) throw new Error(`paper-bytes: ${url} is not a file of the build (${file})`);
    // The build writes each text file of 1 KB or more brotli-compressed beside it (vite.config.ts), which is what the
    // server sends; a smaller one is sent as it is.
    return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
  };
  // As uploaded: each picture drawn as a PNG at its size (its own, else twice the width it is shown at) and kept
  // as an upload is kept (decision 067).
  const uploaded = await Promise.all(
    pictures.map(async (p) => {
      const drawn = await sharp(path.join(dist, p.url))
        .resize({ width: p.width ?? 2 * (p.place === 'option' ? OPTION_WIDTH : screens[1].column) })
        .png()
        .toBuffer();
      return (await prepareImage(drawn, 'image/png')).full;
    }),
  );

  console.log(`Learner paper's pictures (${OLYMPIAD}, ${pictures.length} pictures, each once; budget ${budgetKb} KB):`);
  let over = false;
  let worst = 0;
  for (const screen of screens) {
    const asSeeded = pictures.reduce((sum, p) => sum + served(p.url), 0);
    const sizes = await Promise.all(pictures.map((p, i) => storedBytes(uploaded[i]!, p, screen.dpr, screen.column)));
    const asUploaded = sizes.reduce((a, b) => a + b, 0);
    console.log(
      `  ${screen.name.padEnd(20)} as seeded (SVG, as sent) ${kb(asSeeded).padStart(9)}   as uploaded PNGs, WebP by srcset ${kb(asUploaded).padStart(9)}`,
    );
    worst = Math.max(worst, asSeeded, asUploaded);
    if (worst > budgetKb * 1024) over = true;
  }
  for (const [i, p] of pictures.entries())
    console.log(
      `    ${p.url.padEnd(34)} ${p.place.padEnd(7)} ${kb(served(p.url)).padStart(8)} SVG  ${uploaded[i]!.width} px uploaded`,
    );
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `  (${s(performance.now() - started)}: the seed ${s(seeded - started)}, the pictures ${s(performance.now() - seeded)})`,
  );
  const learner = path.join(dist, '.vite', 'learner-bytes.json');
  if (existsSync(learner)) {
    const js = JSON.parse(readFileSync(learner, 'utf8')) as { jsGzip: number; cssGzip: number; budgetKb: number };
    console.log(
      `The paper's first load: JavaScript ${kb(js.jsGzip)} gzipped (budget ${js.budgetKb} KB, check-bundle.mjs), ` +
        `CSS ${kb(js.cssGzip)} gzipped; its pictures at most ${kb(worst)} (budget ${budgetKb} KB).`,
    );
  }
  if (over) {
    console.error(
      `\npaper-bytes: FAILED. The paper's pictures are over ${budgetKb} KB on one of the screens: look at the widths` +
        ' the page offers (phone-images.tsx) and the quality of the WebP copies (server/platform/images.ts).',
    );
    process.exit(1);
  }
  console.log(`paper-bytes: OK (pictures ≤ ${budgetKb} KB on a phone and on a laptop).`);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
