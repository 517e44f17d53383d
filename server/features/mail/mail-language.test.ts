import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../../test/harness.js';
import { type ReceivedMail, type TestSmtp, startTestSmtp } from '../../test/smtp.js';

/**
 * The mail a teacher or school receives is written in their language (decision 097): their own choice, else their
 * olympiad's default language, else English; a saved Afrikaans wording wins over the catalogue's. Delivered over
 * real SMTP to the test's own server.
 */
let smtp: TestSmtp;
let server: TestServer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Olympus <no-reply@olympus.test>' } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** Quoted-printable to its UTF-8 text (the test server's own decoder reads bytes as Latin-1). */
function fromQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A received mail's subject and its parts' text, each decoded by its transfer encoding. */
function read(mail: ReceivedMail): { subject: string; body: string } {
  const [head = '', ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(head)?.[1] ?? '';
  const subject = subjectLine
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, how: string, text: string) =>
      how.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : fromQuotedPrintable(text.replace(/_/g, ' ')),
    )
    .trim();
  const parts = rest.join('\n\n').split(/\r?\n--[^\r\n]+\r?\n/);
  const body = parts
    .map((part) => {
      const [partHead = '', ...partBody] = part.split(/\r?\n\r?\n/);
      const text = partBody.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(partHead)) {
        return Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
      }
      if (/content-transfer-encoding:\s*quoted-printable/i.test(partHead)) return fromQuotedPrintable(text);
      return text;
    })
    .join('\n');
  return { subject, body };
}

/** The one mail delivered to `to` by `send`. */
async function deliveredTo(to: string, send: () => Promise<unknown>) {
  const before = smtp.received.length;
  await send();
  const mails = smtp.received.slice(before).filter((m) => m.to.includes(to));
  expect(mails, `mail to ${to}`).toHaveLength(1);
  return read(mails[0]!);
}

const forgot = (username: string) => () => server.api('POST', `/api/auth/forgot-password/${username}`);

describe('mail in the recipient’s language', () => {
  it('sends an Afrikaans teacher the Afrikaans reset mail, and an English one the English mail as before', async () => {
    const afrikaans = await server.as('teacher');
    expect((await afrikaans.put('/api/me/language', { body: { language: 'af' } })).status).toBe(200);

    const af = await deliveredTo('teacher@waterkloof.example.org', forgot('teacher'));
    expect(af.subject).toBe('Stel u Olympus-wagwoord terug');
    expect(af.body).toContain('Beste Thandi');
    expect(af.body).toContain('Kies ’n nuwe wagwoord');
    expect(af.body).toMatch(/http:\/\/olympus\.test\/verify-email\/[\w-]+/);
    expect(af.body).not.toContain('Choose a new password');

    const en = await deliveredTo('teacher@rbhs.example.org', forgot('teacher2'));
    expect(en.subject).toBe('Reset your Olympus password');
    expect(en.body).toContain('Someone (we hope you) asked to reset the password');
    expect(en.body).not.toContain('Beste');

    const [logged] = await server.query<{ subject: string; status: string }>`
      select subject, status from emails where to_address = 'teacher@waterkloof.example.org' order by id desc limit 1`;
    expect(logged).toEqual({ subject: 'Stel u Olympus-wagwoord terug', status: 'sent' });
  });

  it('writes to a teacher who never chose in their olympiad’s default language', async () => {
    const [olympiad] = await server.query<{ id: number }>`
      update olympiads set languages = array['af', 'en'], default_language = 'af' where var_name = 'geo-2025'
      returning id`;
    const [teacher] = await server.query<{ id: number; email: string }>`
      select id, email from users where username = 'teacher2'`;
    expect(
      (await server.query<{ language: string | null }>`select language from users where id = ${teacher!.id}`)[0],
    ).toEqual({ language: null });
    const mail = (olympiadId: number) => () =>
      server.app.mailer.send(server.db, {
        kind: 'certificates',
        to: teacher!.email,
        userId: teacher!.id,
        olympiadId,
        template: {
          kind: 'certificates',
          vars: {
            name: 'Pieter',
            schoolName: 'Rondebosch & Co',
            olympiadTitle: 'Aardrykskunde & Omgewing',
            link: 'http://olympus.test/portal/geo-2025/certificates',
          },
        },
        subject: 'Certificates, as the caller wrote them',
        text: 'Hello Pieter, the certificates are ready.',
        html: '<p>Hello Pieter, the certificates are ready.</p>',
      });
    const af = await deliveredTo(teacher!.email, mail(olympiad!.id));
    expect(af.subject).toBe('Sertifikate van Rondebosch & Co: Aardrykskunde & Omgewing');
    expect(af.body).toContain('Die sertifikate van u leerders vir die Aardrykskunde &amp; Omgewing is gereed');
    expect(af.body).toContain('<a href="http://olympus.test/portal/geo-2025/certificates">laai dit af</a>');

    const [english] = await server.query<{ id: number }>`select id from olympiads where var_name = 'geo-demo'`;
    const en = await deliveredTo(teacher!.email, mail(english!.id));
    expect(en.subject).toBe('Certificates, as the caller wrote them');
  });

  it('sends the saved Afrikaans wording when there is one, and leaves the English readers’ mail alone', async () => {
    const overlord = await server.as('overlord');
    const saved = await overlord.put('/email-template/api/reset-password', {
      query: { language: 'af' },
      body: { subject: 'Nuwe wagwoord vir {{username}}', html: '<p>Hallo {{name}}, <a href="{{link}}">hier</a>.</p>' },
    });
    expect(saved.status).toBe(200);
    const rows = await server.query<{ language: string; subject: string }>`
      select language, subject from email_templates where kind = 'reset-password' and olympiad_id is null`;
    expect(rows).toEqual([{ language: 'af', subject: 'Nuwe wagwoord vir {{username}}' }]);
    const listed = await overlord.get('/email-template/v-rest/', { query: { language: 'af' } });
    expect(listed.body.items.find((t: { kind: string }) => t.kind === 'reset-password')).toMatchObject({
      source: 'site',
      subject: 'Nuwe wagwoord vir {{username}}',
    });
    const builtIn = await overlord.get('/email-template/v-rest/', { query: { language: 'af' } });
    expect(builtIn.body.items.find((t: { kind: string }) => t.kind === 'invoice')).toMatchObject({
      source: 'default',
      subject: 'Faktuur vir {{schoolName}}: {{olympiadTitle}}',
    });
    const english = await overlord.get('/email-template/v-rest/');
    expect(english.body.items.find((t: { kind: string }) => t.kind === 'reset-password')).toMatchObject({
      source: 'default',
      subject: 'Reset your Olympus password',
    });

    // The throttle allows one reset mail in five minutes per account: the earlier test's mail used teacher's.
    await server.query`delete from throttles`;
    const af = await deliveredTo('teacher@waterkloof.example.org', forgot('teacher'));
    expect(af.subject).toBe('Nuwe wagwoord vir teacher');
    expect(af.body).toMatch(/Hallo Thandi [^,]*, <a href="http:\/\/olympus\.test\/verify-email\/[\w-]+">hier<\/a>/);
  });
});
