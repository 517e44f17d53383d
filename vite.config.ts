import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiPrefixes = [
  '/api', '/user/rest', '/purchase-order', '/account', '/website', '/olympiad/', '/participant', '/certificates',
  '/unsubscribe/api', '/bounce', '/queued-email', '/attachment', '/upload', '/faq/v-rest', '/testimonial',
  '/dashboard', '/expression-of-interest', '/interest', '/teacher-expression', '/olympus-suite',
];

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // scripts/check-bundle.mjs reads it to weigh the learner's question page.
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: their own long-cached chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, 'http://localhost:3000'])),
  },
});
