#!/usr/bin/env node
/**
 * The learner's question page budget (decision 016), checked after `vite build`:
 *
 *   the whole first load of /{o}/olympiad/{moduleIndex}/{questionIndex} ≤ 150 KB of JavaScript, gzipped,
 *   in every language the learner may read it in.
 *
 * The server answers that address with learner.html, the learner's own entry (decision 016). The first
 * load is that entry's chunk and its static imports, plus the question page's lazy route chunk and its
 * static imports. The script reads Vite's manifest (dist/web/.vite/manifest.json, build.manifest = true),
 * gzips each of those chunks and adds them up, prints JS and CSS, and exits 1 over budget with the
 * breakdown. It also prints the question page's own share (what the entry does not already load).
 *
 * The page's words load with it (decision 091): the learner entry loads the catalogues of its areas (common,
 * learner) in the learner's language before it draws, each a chunk of its own that Lingui's Vite plugin
 * compiles from locales/<lang>/<area>.json?lingui. So each language's chunks are added to the first load, the
 * total is printed per language, and the budget holds for each.
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
const codeGzip = sum(firstLoad);

/**
 * The catalogues the learner entry loads before its first render (web/src/learner/main.tsx); 'validation' comes
 * with the pages that have forms (web/src/learner/router.tsx), after the question page's first view.
 */
const LEARNER_AREAS = ['common', 'learner'];
const CATALOGUE = /locales\/([a-z]{2})\/([a-z-]+)\.json(\?lingui)?$/;
const catalogues = new Map();
for (const key of Object.keys(manifest)) {
  const found = CATALOGUE.exec(key);
  if (!found || !LEARNER_AREAS.includes(found[2])) continue;
  const [, language, area] = found;
  if (!catalogues.has(language)) catalogues.set(language, new Map());
  catalogues.get(language).set(area, key);
}
if (!catalogues.size) {
  console.error('check-bundle: no catalogue chunks (locales/<lang>/<area>.json?lingui) in the manifest.');
  process.exit(2);
}
/** Per language: the catalogue chunks (with what they import that the code does not load already), gzipped. */
const byLanguage = [...catalogues.entries()].map(([language, areas]) => {
  const missing = LEARNER_AREAS.filter((area) => !areas.has(area));
  if (missing.length) {
    console.error(`check-bundle: no ${missing.join(', ')} catalogue chunk for ${language} in the manifest.`);
    process.exit(2);
  }
  const keys = [...new Set([...areas.values()].flatMap((key) => [...closure(key)]))].filter(
    (key) => !firstLoad.includes(key),
  );
  const wordsGzip = sum(keys);
  return { language, keys, wordsGzip, totalGzip: codeGzip + wordsGzip };
});
const totalGzip = Math.max(...byLanguage.map((l) => l.totalGzip));
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
console.log(`  JavaScript: ${kb(totalGzip)} gzipped in the largest language (budget ${budgetKb} KB)`);
console.log(`  code, in every language: ${kb(codeGzip)} gzipped`);
console.log(rows(firstLoad.map((key) => manifest[key].file)));
for (const l of byLanguage) {
  console.log(
    `  ${l.language}: ${kb(l.totalGzip)} gzipped with its words (${LEARNER_AREAS.join(', ')}: ${kb(l.wordsGzip)})`,
  );
  console.log(rows(l.keys.map((key) => manifest[key].file)));
}
console.log(`  CSS: ${kb(cssGzip)} gzipped`);
console.log(rows(cssFiles));
console.log(`  of which the question page's own JavaScript (not in the entry's load): ${kb(ownGzip)} gzipped`);

const over = byLanguage.filter((l) => l.totalGzip > budgetKb * 1024);
if (over.length) {
  const which = over.map((l) => `${l.language} ${kb(l.totalGzip)}`).join(', ');
  console.error(
    `\ncheck-bundle: FAILED. The learner question page's first load is over the ${budgetKb} KB budget of JavaScript gzipped (${which}).\n` +
      '  Look at what learner.html and the page import (Mantine, zod, heavy components) and load them lazily or drop them.',
  );
  process.exit(1);
}
console.log(
  `check-bundle: OK (${byLanguage.map((l) => `${l.language} ${kb(l.totalGzip)}`).join(', ')}; each ≤ ${budgetKb} KB).`,
);
// The figures for the paper's whole count of bytes (scripts/paper-bytes.ts, decision 088).
writeFileSync(
  path.join(dist, '.vite', 'learner-bytes.json'),
  JSON.stringify({ jsGzip: totalGzip, cssGzip, budgetKb }) + '\n',
);
