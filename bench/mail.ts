/**
 * Mail benchmark: 10,000 queued messages delivered to a local SMTP sink (smtp-server on
 * 127.0.0.1) by two sender processes on one PostgreSQL database. Prints messages/s, duplicates (must be 0)
 * and lost (must be 0). Loopback only; bounded by --timeout seconds.
 *
 *   npm run bench:mail [-- --messages 10000 --senders 2 --timeout 180]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (the default) names the server; the run
 *   creates and drops its own database on it. PGlite cannot be shared by two processes, so this needs PostgreSQL.
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { CountRow, openPostgres, rows } from '../server/db/client.js';
import { fmt } from './lib/stats.js';
import { arg } from './lib/args.js';

const total = arg('messages', 10_000);
const senders = arg('senders', 2);
const timeoutSeconds = arg('timeout', 180);
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(text: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function main() {
  const dbName = `olympus_bench_mail_${process.pid}`;
  await admin(`drop database if exists ${dbName}`);
  await admin(`create database ${dbName}`);
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  const url = u.toString();
  const database = openPostgres(url, 4);
  const children: ChildProcess[] = [];
  let smtp: SMTPServer | null = null;
  try {
    await database.migrate();

    // The sink: counts deliveries per message id (the X-Olympus-Email-Id header).
    const seen = new Map<number, number>();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      disableReverseLookup: true,
      maxClients: 100,
      onData(stream, _session, callback) {
        let head = '';
        stream.on('data', (c: Buffer) => {
          if (head.length < 4096) head += c.toString('utf8');
        });
        stream.on('end', () => {
          const id = Number(/^X-Olympus-Email-Id: (\d+)/im.exec(head)?.[1]);
          if (id) seen.set(id, (seen.get(id) ?? 0) + 1);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', resolve));
    const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

    // 10,000 held messages of one mailing, as the compose screen queues them.
    console.log(`Mail benchmark: ${total} messages, ${senders} sender processes, PostgreSQL, SMTP sink on 127.0.0.1`);
    await database.db.execute(sql`insert into mass_mails (subject, html_body, audience, status, recipients)
      values ('Bench', '<p>Bench</p>', '{"kind":"all-teachers"}', 'queued', ${total})`);
    await database.db
      .execute(sql`insert into emails (kind, to_address, subject, text_body, html_body, status, mass_mail_id, unsubscribe_ref)
      select 'mass-mail', 'teacher' || g || '@school.bench', 'Bench message ' || g, 'Hello, this is message ' || g || E'.\n',
        '<p>Hello, this is message <b>' || g || '</b>.</p>', 'held', 1, 'ref-' || g
      from generate_series(1, ${total}) g`);

    for (let i = 0; i < senders; i++) {
      const child = fork('bench/lib/mail-sender-process.ts', [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, DATABASE_URL: url, SMTP_URL: smtpUrl },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      await new Promise<void>((resolve, reject) => {
        child.once('message', () => resolve());
        child.once('exit', (code) => reject(new Error(`sender ${i} exited with ${code}`)));
      });
    }

    // Release everything at once (the overlord's "release all"), then wait until every row is final.
    const started = performance.now();
    await database.db.execute(
      sql`update emails set status = 'released', released_at = now(), next_attempt_at = now() where status = 'held'`,
    );
    const deadline = Date.now() + timeoutSeconds * 1000;
    let left = total;
    while (Date.now() < deadline) {
      const [r] = await rows(
        database.db,
        CountRow,
        sql`select count(*)::int as n from emails where status in ('released', 'sending')`,
      );
      left = r!.n;
      if (left === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(
      children.map(
        (c) =>
          new Promise((resolve) => {
            c.once('exit', resolve);
            c.kill('SIGTERM');
          }),
      ),
    );
    children.length = 0;

    const [counts] = await rows(
      database.db,
      z.object({ sent: z.number(), failed: z.number() }),
      sql`select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'failed')::int as failed from emails`,
    );
    const perWorker = await rows(
      database.db,
      CountRow.extend({ worker: z.string() }),
      sql`select worker, count(*)::int as n from email_attempts where outcome = 'sent' group by worker order by worker`,
    );
    const duplicates = [...seen.values()].reduce((s, n) => s + Math.max(0, n - 1), 0);
    let lost = 0;
    for (let id = 1; id <= total; id++) if (!seen.has(id)) lost++;
    console.log(`delivered: ${seen.size} distinct messages in ${fmt(seconds, 2)} s`);
    console.log(`messages/s: ${fmt(seen.size / seconds)}`);
    console.log(`per sender: ${perWorker.map((w) => `${w.worker.split(':').slice(1).join(':')} ${w.n}`).join(', ')}`);
    console.log(`rows: sent ${counts!.sent}, failed ${counts!.failed}, unfinished ${left}`);
    console.log(`duplicates: ${duplicates}`);
    console.log(`lost: ${lost}`);
    const ok = duplicates === 0 && lost === 0 && seen.size / seconds >= 200;
    console.log(ok ? 'OK: no duplicates, none lost, at least 200 messages/s' : 'NOT OK');
    process.exitCode = ok ? 0 : 1;
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await database.close();
    await admin(`drop database if exists ${dbName} with (force)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
