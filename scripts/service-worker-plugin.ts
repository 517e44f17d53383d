import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'vite';

/**
 * Builds the learner app's service worker (web/src/learner/service-worker.ts) to dist/web/sw.js after the app's
 * build, with the list of files it keeps written in (decision 086): learner.html and everything the learner
 * entry can load, static and lazy (its chunks, style sheets and assets, walked in Vite's manifest from the entry),
 * and the public files named in `publicFiles` (the demo's maps). The staff app's and the public site's own files
 * are not in it. Workbox's runtime modules are bundled into the one classic script a browser needs (a module
 * worker is not yet everywhere); workbox-build is not used, as its glob over the output would have to be
 * filtered by this same walk.
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** What the learner entry can load, from Vite's manifest: hashed names, so they need no revision. */
export function learnerFiles(manifest: Record<string, ManifestChunk>, entry: string): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) walk(next);
  };
  walk(entry);
  return [...files].sort();
}

const revision = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);

export function learnerServiceWorker(options: {
  /** The worker's source, an absolute path. */
  source: string;
  /** The learner entry's page, as the manifest names it. */
  html: string;
  /** Folders of the public directory whose files are kept too (small ones only). */
  publicFolders: string[];
}): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'olympus-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Before the precompress plugin's closeBundle, so that sw.js is compressed with the rest.
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const manifestFile = path.join(outDir, '.vite', 'manifest.json');
        if (!existsSync(manifestFile)) throw new Error('The service worker needs build.manifest = true');
        const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
        const entries: PrecacheEntry[] = [
          { url: `/${options.html}`, revision: revision(path.join(outDir, options.html)) },
          ...learnerFiles(manifest, options.html).map((file) => ({ url: `/${file}`, revision: null })),
        ];
        for (const folder of options.publicFolders) {
          const dir = path.join(outDir, folder);
          if (!existsSync(dir)) continue;
          for (const name of readdirSync(dir).sort()) {
            if (/\.(br|gz)$/.test(name)) continue;
            entries.push({ url: `/${folder}/${name}`, revision: revision(path.join(dir, name)) });
          }
        }
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          publicDir: false,
          define: { __LEARNER_PRECACHE__: JSON.stringify(entries) },
          build: {
            outDir,
            emptyOutDir: false,
            copyPublicDir: false,
            sourcemap: false,
            manifest: false,
            rolldownOptions: {
              input: options.source,
              output: { format: 'iife', entryFileNames: 'sw.js' },
            },
          },
        });
      },
    },
  };
}
