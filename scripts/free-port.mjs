/**
 * A TCP port nobody listens on, found by binding it on 127.0.0.1 and letting go at once.
 *
 *   freePort()                  the kernel's choice (its ephemeral range, never 3000 or 3100)
 *   freePort({ from, to })      the first free port of a range, starting at a random place in it, so two
 *                               runs started together rarely try the same one first
 *
 * Synchronous on purpose: Playwright loads its config synchronously, before it starts the webServer, so the
 * port is found in a short child process. Between letting go and the server binding it another process
 * could take the port; the server then fails to start with EADDRINUSE (Playwright also refuses to start
 * when the address already answers), which is loud, never a run against someone else's server.
 */
import { execFileSync } from 'node:child_process';

const probe = `
const net = require('node:net');
const [from, to] = process.argv.slice(1).map(Number);
const ports = [];
if (from) {
  const span = to - from + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) ports.push(from + ((start + i) % span));
} else ports.push(0);
(function next(i) {
  if (i >= ports.length) { console.error('no free port in ' + from + '-' + to); process.exit(1); }
  const server = net.createServer();
  server.once('error', () => next(i + 1));
  server.listen({ port: ports[i], host: '127.0.0.1', exclusive: true }, () => {
    const { port } = server.address();
    server.close(() => process.stdout.write(String(port)));
  });
})(0);
`;

/** @param {{ from?: number, to?: number }} [range] */
export function freePort(range = {}) {
  const { from, to } = range;
  if ((from === undefined) !== (to === undefined) || (from !== undefined && !(from >= 1 && from <= to && to <= 65535)))
    throw new Error(`freePort: bad range ${from}-${to}`);
  const out = execFileSync(process.execPath, ['-e', probe, String(from ?? 0), String(to ?? 0)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = Number(out.trim());
  if (!Number.isInteger(port) || port <= 0) throw new Error(`freePort: no port found (${out.trim()})`);
  return port;
}

/**
 * Reads `E2E_PORT_RANGE=32000-32999` (or nothing) into the range freePort takes.
 * @param {string | undefined} text
 */
export function parsePortRange(text) {
  if (!text) return {};
  const m = /^(\d{1,5})-(\d{1,5})$/.exec(text.trim());
  if (!m) throw new Error(`E2E_PORT_RANGE must look like 32000-32999, not ${JSON.stringify(text)}`);
  return { from: Number(m[1]), to: Number(m[2]) };
}
