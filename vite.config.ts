import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { learnerServiceWorker } from './scripts/service-worker-plugin.js';

const apiPrefixes = [
  '/api',
  '/user/rest',
  '/purchase-order',
  '/account',
  '/website',
  '/olympiad/',
  '/participant',
  '/certificates',
  '/unsubscribe/api',
  '/bounce',
  '/queued-email',
  '/attachment',
  '/upload',
  '/faq/v-rest',
  '/testimonial',
  '/dashboard',
  '/expression-of-interest',
  '/interest',
  '/teacher-expression',
  '/olympus-suite',
];

/**
 * Every text file of the build also as .br and .gz beside it, compressed once at build time at the highest
 * level: the server sends the one the browser accepts (@fastify/static's preCompressed), and spends no CPU per
 * request on it (decision 043).
 */
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
  let outDir = '';
  return {
    name: 'olympus-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * learner.html preloads the question page's own chunks and their CSS (decision 088): without it they are asked for
 * only once React and the router have run, a round trip later, and on slow 4G the question's picture waits for them.
 * The learner reaches the paper after the first steps in almost every visit, so the bytes are not wasted.
 */
function preloadQuestionPage(): Plugin {
  return {
    name: 'olympus-preload-question-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle || !ctx.filename.endsWith('learner.html')) return html;
        const page = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/features/sitting/pages/PaperPage.tsx'),
        );
        if (!page || page.type !== 'chunk') return html;
        const js = new Set<string>();
        const css = new Set<string>();
        const add = (file: string) => {
          const chunk = bundle[file];
          if (js.has(file) || chunk?.type !== 'chunk') return;
          js.add(file);
          for (const f of chunk.viteMetadata?.importedCss ?? []) css.add(f);
          chunk.imports.forEach(add);
        };
        add(page.fileName);
        const present = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
        return [
          ...[...js].filter((f) => !present.has(f)).map((f) => ({ rel: 'modulepreload', href: `/${f}` })),
          ...[...css].filter((f) => !present.has(f)).map((f) => ({ rel: 'preload', as: 'style', href: `/${f}` })),
        ].map((attrs) => ({ tag: 'link', attrs: { ...attrs, crossorigin: true }, injectTo: 'head' as const }));
      },
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'web',
  publicDir: isSsrBuild ? false : 'public',
  // The server's render of the public pages (decision 047) is its own build, read by the server, not the browser.
  // The learner app's service worker is built after the pages, from their manifest (decision 086).
  // Lingui's plugin compiles the message catalogues of locales/ at build time (decision 090).
  plugins: isSsrBuild
    ? [react(), lingui()]
    : [
        react(),
        lingui(),
        learnerServiceWorker({
          source: fileURLToPath(new URL('web/src/learner/service-worker.ts', import.meta.url)),
          html: 'learner.html',
          publicFolders: ['demo'],
        }),
        preloadQuestionPage(),
        precompress(),
      ],
  // React Router's package points browsers at its development build (warnings and checks); the
  // production build is the same code without them, a few KB less on every first load.
  resolve:
    command === 'build'
      ? {
          alias: [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ],
        }
      : {},
  build: isSsrBuild
    ? {
        // `vite build --ssr src/public-site/server.tsx`: the public site's pages rendered on the server (decision
        // 047); the same components and CSS modules as the browser's build, so the class names are the same.
        outDir: '../dist/ssr',
        emptyOutDir: true,
        sourcemap: true,
      }
    : {
        outDir: '../dist/web',
        emptyOutDir: true,
        sourcemap: true,
        // scripts/check-bundle.mjs reads it to weigh the learner's question page.
        manifest: true,
        chunkSizeWarningLimit: 800,
        rolldownOptions: {
          // Three pages: the app, the learner's sitting (learner.html, decision 016) and the public site (public.html,
          // decision 043), the last two loading none of the staff app.
          input: {
            main: fileURLToPath(new URL('web/index.html', import.meta.url)),
            learner: fileURLToPath(new URL('web/learner.html', import.meta.url)),
            public: fileURLToPath(new URL('web/public.html', import.meta.url)),
            // The one script a server-rendered public page loads at first (decision 047); the server finds it by name
            // in the manifest.
            islands: fileURLToPath(new URL('web/src/public-site/islands.ts', import.meta.url)),
          },
          output: {
            // React changes less often than the app: its own long-cached chunk, shared by both pages. Other
            // libraries (Mantine above all) are split by who uses them, so the learner's page never loads
            // the staff app's share of them (decision 016).
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
                // The one number format, read by the learner's page too: a chunk of its own, taken before the zod
                // group below would carry it in as a dependency of the messages and bring zod to that page.
                { name: 'numbers', test: /contract[\\/]numbers/, priority: 1 },
                // The messages' runtime and the page's words (decision 090), read by every page and by the zod set-up
                // (which words refused values through them): their own chunk, or the zod group below would carry them
                // in and bring zod to the learner's first load with them.
                { name: 'i18n', test: /web[\\/]src[\\/]lib[\\/]i18n[\\/]|node_modules[\\/]@lingui[\\/]/, priority: 1 },
                // zod with the app's zod set-up (jitless, messages for people): the set-up runs as soon as zod is
                // loaded, before any module can parse, whatever order the other chunks are evaluated in.
                {
                  name: 'zod',
                  test: /node_modules[\\/]zod[\\/]|web[\\/]src[\\/]lib[\\/]zod-config|contract[\\/]messages/,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, 'http://localhost:3000'])),
  },
}));
