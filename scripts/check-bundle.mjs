#!/usr/bin/env node
/**
 * The learner's question page budget (decision 016), checked after `vite build`:
 *
 *   the whole first load of /{o}/olympiad/{moduleIndex}/{questionIndex} ≤ 150 KB of JavaScript, gzipped.
 *
 * The server answers that address with learner.html, the learner's own entry (decision 016). The first
 * load is that entry's chunk and its static imports, plus the question page's lazy route chunk and its
 * static imports. The script reads Vite's manifest (dist/web/.vite/manifest.json, build.manifest = true),
 * gzips each of those chunks and adds them up, prints JS and CSS, and exits 1 over budget with the
 * breakdown. It also prints the question page's own share (what the entry does not already load).
 *
 *   node scripts/check-bundle.mjs [--budget-kb 150] [--dist dist/web]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
  console.error(
    `check-bundle: no Vite manifest at ${manifestFile}. Build with build.manifest = true first (npx vite build).`,
  );
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** The learner's entry (web/learner.html), sent by the server for /{o}/olympiad/… */
const ENTRY = 'learner.html';
if (!manifest[ENTRY]?.isEntry) {
  console.error(`check-bundle: ${ENTRY} is not an entry of the build. Is it still an input in vite.config.ts?`);
  process.exit(2);
}
if (!manifest[ROUTE_MODULE]) {
  console.error(
    `check-bundle: ${ROUTE_MODULE} is not a chunk of its own in the manifest. Is the learner route still lazy (routes.ts)?`,
  );
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

const shell = closure(ENTRY);
const route = closure(ROUTE_MODULE);
const own = [...route].filter((key) => !shell.has(key));
const firstLoad = [...new Set([...shell, ...route])];

const sum = (keys) => keys.reduce((total, key) => total + gz(manifest[key].file).gzip, 0);
const ownGzip = sum(own);
const totalGzip = sum(firstLoad);
const cssFiles = [...new Set(firstLoad.flatMap((key) => manifest[key].css ?? []))];
const cssGzip = cssFiles.reduce((t, f) => t + gz(f).gzip, 0);

const line = (file) => {
  const size = gz(file);
  return { file, ...size };
};
const rows = (files) =>
  files
    .map(line)
    .sort((a, b) => b.gzip - a.gzip)
    .map((r) => `    ${r.file.padEnd(44)} ${kb(r.raw).padStart(10)} raw  ${kb(r.gzip).padStart(10)} gzip`)
    .join('\n');

console.log(`Learner question page (${ENTRY} + ${ROUTE_MODULE}), whole first load:`);
console.log(`  JavaScript: ${kb(totalGzip)} gzipped (budget ${budgetKb} KB)`);
console.log(rows(firstLoad.map((key) => manifest[key].file)));
console.log(`  CSS: ${kb(cssGzip)} gzipped`);
console.log(rows(cssFiles));
console.log(`  of which the question page's own JavaScript (not in the entry's load): ${kb(ownGzip)} gzipped`);

if (totalGzip > budgetKb * 1024) {
  console.error(
    `\ncheck-bundle: FAILED. The learner question page's first load is ${kb(totalGzip)} of JavaScript gzipped, over the ${budgetKb} KB budget.\n` +
      '  Look at what learner.html and the page import (Mantine, zod, heavy components) and load them lazily or drop them.',
  );
  process.exit(1);
}
console.log(`check-bundle: OK (${kb(totalGzip)} ≤ ${budgetKb} KB).`);
// The figures for the paper's whole count of bytes (scripts/paper-bytes.ts, decision 088).
writeFileSync(
  path.join(dist, '.vite', 'learner-bytes.json'),
  JSON.stringify({ jsGzip: totalGzip, cssGzip, budgetKb }) + '\n',
);
