/**
 * Prints the web app's route table (web/src/app/routes.ts, routes as data) as JSON: id, path, access, layout
 * and whether the page is built. The table imports the pages themselves, so it is loaded the way the app is
 * built, through Vite (server-side, without a browser), and only the data is printed.
 *
 * Used by e2e/axe-every-page.spec.ts, so that a new page is checked without anyone listing it there.
 */
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const server = await createServer({
  configFile: `${root}/vite.config.ts`,
  root,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { appRoutes } = await server.ssrLoadModule('/web/src/app/routes.ts');
  const table = appRoutes.map((route) => ({
    id: route.id,
    path: route.path,
    access: route.access,
    layout: route.layout,
    built: Boolean(route.page || route.lazyPage),
  }));
  process.stdout.write(JSON.stringify(table));
} finally {
  await server.close();
}
