import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail the test SMTP server took: its envelope and raw text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** An address answered with an SMTP error code, `times` times (then accepted). */
  rcptFailures: Map<string, { code: number; times: number }>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every mail it takes (mail goes to a real server in tests). */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const rcptFailures = new Map<string, { code: number; times: number }>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const failure = rcptFailures.get(address.address);
      if (failure && failure.times > 0) {
        failure.times--;
        const err = Object.assign(new Error(failure.code >= 500 ? 'No such mailbox here' : 'Mailbox busy, try later'), {
          responseCode: failure.code,
        });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received,
    rcptFailures,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** Decodes a quoted-printable body well enough to find a link in it. */
export const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
