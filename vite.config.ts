import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig(({ command }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
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
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // scripts/check-bundle.mjs reads it to weigh the learner's question page.
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // Two pages: the app, and the learner's sitting (learner.html, decision 016) that loads none of the staff app.
      input: {
        main: fileURLToPath(new URL('web/index.html', import.meta.url)),
        learner: fileURLToPath(new URL('web/learner.html', import.meta.url)),
      },
      output: {
        // React changes less often than the app: its own long-cached chunk, shared by both pages. Other
        // libraries (Mantine above all) are split by who uses them, so the learner's page never loads
        // the staff app's share of them (decision 016).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // zod with the app's zod set-up (jitless, messages for people): the set-up runs as soon as zod is
            // loaded, before any module can parse, whatever order the other chunks are evaluated in.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|web[\\/]src[\\/]lib[\\/]zod-config|contract[\\/]messages/ },
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
