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

/** Signs a demo staff user in (password olympus-demo); answers the bearer token. */
export async function signInStaff(baseUrl: string, username: string): Promise<string> {
  const res = await requestJson<{ accessToken?: { token: string } }>(
    baseUrl,
    'POST',
    '/api/auth/signin',
    JSON.stringify({ username, password: 'olympus-demo', loginType: 'staff' }),
  );
  if (!res.body.accessToken) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  return res.body.accessToken.token;
}

/** The ids of the olympiads named, as the overlord's dashboard lists them. */
export async function olympiadIds(baseUrl: string, overlordToken: string, names: string[]): Promise<number[]> {
  const board = await requestJson<{ olympiads: Array<{ id: number; varName: string }> }>(
    baseUrl,
    'GET',
    '/dashboard/user?section=overlord',
    undefined,
    { authorization: `Bearer ${overlordToken}` },
  );
  return names.map((name) => {
    const found = board.body.olympiads.find((o) => o.varName === name);
    if (!found) throw new Error(`the olympiad ${name} is missing`);
    return found.id;
  });
}
