import { afterAll, beforeAll, expect } from 'vitest';
import { createOlympiad, createSchool, createUser, enterSchool, grant } from '../../seed/factories.js';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';

/** Setup shared by the mail API test files (mail-api-*.test.ts): one server a file, and another olympiad. */

export const BOUNCE_SECRET = 'bounce-secret-0123456789abcdef';
/** This file's server, demo ids and staff tokens (set by useMailApiServer's beforeAll). */
export let server: TestServer;
export let demo: DemoIds;
export const token: Record<string, string> = {};
/** Another olympiad's admin, message, mailing and attachment: never visible to geo-demo's admin. */
export let other: {
  olympiadId: number;
  adminToken: string;
  emailId: number;
  massMailId: number;
  attachmentId: number;
  uploadId: number;
};

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** A multipart upload of one file as the holder of `tokenValue` (none: anonymous). */
export function upload(path: string, tokenValue: string | null | undefined, bytes: Buffer, name: string) {
  return (tokenValue ? server.withToken(tokenValue) : server.anonymous()).upload(path, { bytes, name });
}

/** Starts the calling file's server, signs the staff in and builds the other olympiad's records. */
export function useMailApiServer(): void {
  beforeAll(async () => {
    server = await startTestServer({ env: { MAIL_SENDER: 'false', BOUNCE_SECRET } });
    demo = await demoIds(server);
    for (const u of ['overlord', 'admin', 'funding', 'accountant', 'teacher'])
      token[u] = (await server.signIn(u)).accessToken.token;

    // Another olympiad with its own admin, a message, a mailing and an attachment: never visible to geo-demo's admin.
    const olympiad = await createOlympiad(server.db, { varName: 'hist-other' });
    const admin2 = await createUser(server.db, {
      role: 'admin',
      username: 'admin-other',
      password: 'olympus-demo',
      email: 'admin2@olympus.example.org',
    });
    await grant(server.db, admin2.id, olympiad.id, 'admin');
    const school = await createSchool(server.db, { name: 'Other High' });
    await enterSchool(server.db, olympiad.id, school.id);
    await createUser(server.db, {
      role: 'teacher',
      username: 'other-teacher',
      email: 'teacher@other.example.org',
      schoolId: school.id,
    });
    const adminToken = (await server.signIn('admin-other')).accessToken.token;
    const emailId = await server.app.mailer.enqueue(server.db, {
      kind: 'test',
      to: 'x@other.example.org',
      subject: 'Other',
      text: 'T',
      olympiadId: olympiad.id,
      status: 'held',
    });
    const att = await upload(`/attachment/api/?olympiadId=${olympiad.id}`, adminToken, PDF, 'other.pdf');
    expect(att.status).toBe(200);
    const mm = await server.api('POST', '/emailer/api/', {
      token: adminToken,
      body: { olympiadId: olympiad.id, subject: 'Other news', html: '<p>Hi</p>', audience: { kind: 'all-teachers' } },
    });
    expect(mm.status).toBe(200);
    other = {
      olympiadId: olympiad.id,
      adminToken,
      emailId,
      massMailId: mm.body.mailing.id,
      attachmentId: att.body.attachment.id,
      uploadId: att.body.attachment.uploadId,
    };
  });
  afterAll(() => server?.close());
}

export const count = async (table: string) =>
  (
    await server.query<{ n: number }>([`select count(*)::int as n from ${table}`] as unknown as TemplateStringsArray)
  )[0]!.n;
