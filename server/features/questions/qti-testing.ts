import { readdirSync, readFileSync, statSync } from 'node:fs';

import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll } from 'vitest';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/** Setup shared by the QTI test files (qti.test.ts, qti-other-tools.test.ts): a server, an admin, packages. */

/** This file's server, demo ids and the admin's token (set by useQtiServer's beforeAll). */
export let server: TestServer;
export let demo: DemoIds;
export let admin: string;

/** Starts the calling file's server and signs the admin in. */
export function useQtiServer(): void {
  beforeAll(async () => {
    server = await startTestServer();
    demo = await demoIds(server);
    admin = (await server.signIn('admin')).accessToken.token;
  });
  afterAll(() => server?.close());
}

export const newModule = async () =>
  (
    await server.api('POST', '/question-module/v-rest/', {
      token: admin,
      body: { olympiadId: demo.geoDemo, title: 'QTI' },
    })
  ).body.module.id as number;
export function upload(moduleId: number, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return fetch(`${server.url}/question/v-rest/import-qti?questionModuleId=${moduleId}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin}` },
  });
}

/** A fixture folder as the zip another tool would hand over. */
export const fixtures = path.join(import.meta.dirname, 'fixtures', 'qti');
export async function zipOf(dir: string, extra: Record<string, string> = {}): Promise<Buffer> {
  const zip = new JSZip();
  const base = path.join(fixtures, dir);
  const walk = (d: string) => {
    for (const f of readdirSync(d).sort()) {
      const p = path.join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else zip.file(path.relative(base, p).split(path.sep).join('/'), readFileSync(p));
    }
  };
  if (dir) walk(base);
  for (const [name, text] of Object.entries(extra)) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
export const fixture = (name: string) => readFileSync(path.join(fixtures, name));
export interface Listed {
  id: number;
  type: string;
  prompt: string;
  imageUrl: string | null;
  imageAlt: string;
  shuffle: boolean;
  options: Array<{ id: string; text: string; imageUrl: string | null; fixed?: boolean }>;
  answerKey: unknown;
  marks: number;
  verified: boolean;
}
export const questionsOf = async (moduleId: number) =>
  (await server.api('GET', `/question/v-rest/?questionModuleId=${moduleId}`, { token: admin })).body.items as Listed[];
export type ImportAnswer = {
  imported: number;
  drafts: number;
  refused: number;
  notes: Array<{ path: string; message: string }>;
  message: string;
  details: Array<{ path: string; message: string }>;
  code?: string;
};
