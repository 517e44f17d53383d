#!/usr/bin/env node
/**
 * The learner's question page budget (issue 3, part 11), checked after `vite build`:
 *
 *   its own JavaScript (the lazy route chunk and every chunk only it pulls in) ≤ 150 KB gzipped.
 *
 * It reads Vite's manifest (dist/web/.vite/manifest.json, build.manifest = true), follows the route
 * module's static imports, leaves out what the app shell's entry already loads, gzips each chunk and
 * adds them up. It also prints the whole first load of that page (the shell's chunks included) so the
 * figure a learner's phone really downloads is visible. Over budget, it exits 1 with the breakdown.
 *
 *   node scripts/check-bundle.mjs [--budget-kb 150] [--dist dist/web]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const budgetKb = Number(option('--budget-kb', process.env.LEARNER_BUDGET_KB ?? '150'));
const dist = path.resolve(option('--dist', 'dist/web'));
const manifestFile = path.join(dist, '.vite', 'manifest.json');
/** The learner's question page: the module behind /{o}/olympiad/{moduleIndex}/{questionIndex}. */
const ROUTE_MODULE = 'src/features/sitting/pages/PaperPage.tsx';

if (!existsSync(manifestFile)) {
  console.error(`check-bundle: no Vite manifest at ${manifestFile}. Build with build.manifest = true first (npx vite build).`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('check-bundle: the manifest has no entry chunk.');
  process.exit(2);
}
if (!manifest[ROUTE_MODULE]) {
  console.error(`check-bundle: ${ROUTE_MODULE} is not a chunk of its own in the manifest. Is the learner route still lazy (routes.ts)?`);
  process.exit(2);
}

/** The chunk and everything it imports statically (what loads with it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(next, seen);
  return seen;
}

const sizes = new Map();
function gz(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(path.join(dist, file));
    sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return sizes.get(file);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const shell = closure(entryKey);
const route = closure(ROUTE_MODULE);
const own = [...route].filter((key) => !shell.has(key));
const firstLoad = new Set([...shell, ...route]);

const sum = (keys) => keys.reduce((total, key) => total + gz(manifest[key].file).gzip, 0);
const ownGzip = sum(own);
const totalGzip = sum([...firstLoad]);
const cssGzip = [...new Set([...firstLoad].flatMap((key) => manifest[key].css ?? []))].reduce((t, f) => t + gz(f).gzip, 0);

const rows = (keys) =>
  keys
    .map((key) => ({ file: manifest[key].file, ...gz(manifest[key].file) }))
    .sort((a, b) => b.gzip - a.gzip)
    .map((r) => `    ${r.file.padEnd(44)} ${kb(r.raw).padStart(10)} raw  ${kb(r.gzip).padStart(10)} gzip`)
    .join('\n');

console.log(`Learner question page (${ROUTE_MODULE}):`);
console.log(`  own JavaScript (route chunk + chunks only it loads): ${kb(ownGzip)} gzipped (budget ${budgetKb} KB)`);
console.log(rows(own));
console.log(`  whole first load of the page, app shell included: ${kb(totalGzip)} JS + ${kb(cssGzip)} CSS gzipped`);
console.log(rows([...shell]));

if (ownGzip > budgetKb * 1024) {
  console.error(
    `\ncheck-bundle: FAILED. The learner question page's own JavaScript is ${kb(ownGzip)} gzipped, over the ${budgetKb} KB budget.\n` +
      '  Look at what the page imports (heavy components, libraries) and load them lazily or drop them.',
  );
  process.exit(1);
}
console.log(`check-bundle: OK (${kb(ownGzip)} ≤ ${budgetKb} KB).`);
