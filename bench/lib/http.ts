import http from 'node:http';

/** A small keep-alive JSON client: lighter than fetch, so the load generator steals less CPU from the server. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
}

export function requestJson<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<JsonResponse<T>> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: {
          ...(body != null ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : null) as T });
          } catch (err) {
            reject(err);
          }
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('request timed out after 30 s')));
    req.on('error', reject);
    if (body != null) req.write(body);
    req.end();
  });
}

/** Every demo account's password (server/seed/demo.ts). */
const demoPassword = 'olympus-demo';

/** Signs a staff demo account in and answers its bearer header. */
export async function signInStaff(baseUrl: string, username: string): Promise<{ authorization: string }> {
  const res = await requestJson<{ accessToken?: { token: string } }>(
    baseUrl,
    'POST',
    '/api/auth/signin',
    JSON.stringify({ username, password: demoPassword, loginType: 'staff' }),
  );
  if (!res.body?.accessToken) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  return { authorization: `Bearer ${res.body.accessToken.token}` };
}

/** The id of the olympiad named `varName`, as a signed-in staff member reads it. */
export async function olympiadIdOf(baseUrl: string, varName: string, auth: { authorization: string }): Promise<number> {
  const found = await requestJson<{ olympiad: { id: number } }>(
    baseUrl,
    'GET',
    `/olympiad/v-rest/single?olympiadVarName=${encodeURIComponent(varName)}`,
    undefined,
    auth,
  );
  if (found.status !== 200) throw new Error(`olympiad ${varName}: ${found.status}`);
  return found.body.olympiad.id;
}

/** Runs a benchmark's main and ends the process with its outcome (a failure printed, exit code 1). */
export function run(main: () => Promise<void>): void {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
