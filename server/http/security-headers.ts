import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * What the browser may do on our pages. The built app is files from our own origin only (no inline
 * script: vite writes `<script src>` tags and the server adds only `<meta>` and `<title>` to the head).
 * Styles allow inline because Mantine writes its theme variables into `<style>` elements and `style`
 * attributes at run time; a style cannot run code, so this does not weaken the script rule.
 */
export function contentSecurityPolicy(https: boolean): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Question images and downloads come from the API (same origin); data: and blob: for generated ones.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    // Only behind https: on plain http (a laptop, the tests) it would send every asset to a port that is not there.
    'upgrade-insecure-requests': https ? [] : null,
  };
}

/** Features no page of the product uses: refused to the page and to anything it embeds. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()';

/**
 * Security headers on every answer, HTML and API alike:
 *  - Content-Security-Policy (above), with `frame-ancestors 'none'` and X-Frame-Options DENY for older browsers;
 *  - X-Content-Type-Options: nosniff, Referrer-Policy: no-referrer (reset and verify links carry their token in
 *    the path), Permissions-Policy, Cross-Origin-Opener-Policy;
 *  - Strict-Transport-Security only when PUBLIC_URL is https (announcing it on plain http would lock a
 *    development host out of http for a year);
 *  - API answers are `Cache-Control: no-store` unless the route chose its own caching: an answer may carry a
 *    token (sign-in, impersonation, a reset) or a school's data, and neither belongs in a shared or disk cache.
 *    The web app's files and pages set their own cache headers.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const https = app.config.publicUrl.startsWith('https:');
  const headers = await helmetHeaders({
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** What an answer carries whatever helmet adds, left out of its table. */
const ownHeaders = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Helmet's headers for these options, worked out once at start: @fastify/helmet builds helmet's whole middleware
 * again on every request (parsing the policy each time: a large share of a small answer's CPU, decision 048), so
 * it runs once on a throwaway instance, and every answer gets the same headers from the table it answered.
 */
async function helmetHeaders(options: Parameters<typeof helmet>[1]): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, options);
    probe.get('/', async () => '');
    const res = await probe.inject({ method: 'GET', url: '/' });
    const table: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (!ownHeaders.has(name) && value !== undefined) table[name] = String(value);
    }
    return table;
  } finally {
    await probe.close();
  }
}
