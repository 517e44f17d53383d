import { describe, expect, it } from 'vitest';
import type { Client } from '../../test/client.js';
import {
  expectError,
  expectRowsUnchanged,
  forbiddenFor,
  notFoundUnchanged,
  unauthenticated,
} from '../../test/endpoint.js';
import { demo, other, server, token, useMailApiServer } from './mail-api-testing.js';

useMailApiServer();

/** What a refused withdrawal must leave as it was: the mailings and their messages. */
const mailRows = 'select id, status, recipients, queued_at from mass_mails order by id';
const messageRows = 'select id, mass_mail_id, status from emails order by id';
const bothRows = async () => [await server.query([mailRows] as never), await server.query([messageRows] as never)];

async function composeAndQueue(addresses: string[], as = token.admin!) {
  const made = await server.api('POST', '/emailer/api/', {
    token: as,
    body: {
      olympiadId: demo.geoDemo,
      subject: 'Writing day',
      html: '<p>Hi</p>',
      audience: { kind: 'pasted', addresses },
    },
  });
  expect(made.status).toBe(200);
  const id = made.body.mailing.id as number;
  expect((await server.api('POST', `/emailer/api/${id}/queue`, { token: as })).status).toBe(200);
  return id;
}

const withdraw = (id: number) => (c: Client) => c.post(`/emailer/api/${id}/withdraw`);

describe('POST /emailer/api/{id}/withdraw', () => {
  it('401 without a token, 403 for the roles that do not send mass mail', async () => {
    const id = await composeAndQueue(['a@school.example.org']);
    await unauthenticated(server, withdraw(id));
    await forbiddenFor(server, ['teacher', 'learner1', 'accountant'], withdraw(id));
  });

  it('404 for another olympiad’s queued mailing, the rows unchanged', async () => {
    expect(
      (await server.api('POST', `/emailer/api/${other.massMailId}/queue`, { token: other.adminToken })).status,
    ).toBe(200);
    await notFoundUnchanged(server, bothRows, await server.as('admin'), withdraw(other.massMailId));
  });

  it('queueing twice is refused in the one error shape; a queued mailing is withdrawn to a draft, its held mail gone', async () => {
    const id = await composeAndQueue(['a@school.example.org', 'b@school.example.org']);
    const again = await expectRowsUnchanged(server, bothRows, () =>
      server.api('POST', `/emailer/api/${id}/queue`, { token: token.admin }),
    );
    expectError(again, 409);
    expect(again.body).toMatchObject({ code: 'conflict', message: 'This mailing is queued already' });

    const res = await server.api('POST', `/emailer/api/${id}/withdraw`, { token: token.funding });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The mailing is withdrawn: 2 held messages removed, and it is a draft again');
    expect(res.body.mailing).toMatchObject({ id, status: 'draft', recipients: 0, queuedAt: null });
    const [stored] = await server.query<{ status: string; recipients: number; queued_at: Date | null }>`
      select status, recipients, queued_at from mass_mails where id = ${id}`;
    expect(stored).toEqual({ status: 'draft', recipients: 0, queued_at: null });
    expect(await server.query`select id from emails where mass_mail_id = ${id}`).toEqual([]);
    const [audited] = await server.query<{ data: unknown }>`
      select data from audit_log where action = 'mass-mail.withdraw' and entity_id = ${id}`;
    expect(audited?.data).toEqual({ withdrawn: 2 });

    // A draft has nothing to withdraw; it can be queued again, once.
    expectError(
      await expectRowsUnchanged(server, bothRows, () =>
        server.api('POST', `/emailer/api/${id}/withdraw`, { token: token.admin }),
      ),
      409,
    );
    const requeued = await server.api('POST', `/emailer/api/${id}/queue`, { token: token.admin });
    expect(requeued.body.queued).toBe(2);
  });

  it('once the overlord has released any of it, a mailing can no longer be withdrawn (409, rows unchanged)', async () => {
    const id = await composeAndQueue(['c@school.example.org', 'd@school.example.org']);
    const batch = await server.api('POST', `/queued-email/release-batch/?massMailId=${id}&qty=1`, {
      token: token.overlord,
    });
    expect(batch.body).toMatchObject({ released: 1, held: 1 });
    const res = await expectRowsUnchanged(server, bothRows, () =>
      server.api('POST', `/emailer/api/${id}/withdraw`, { token: token.admin }),
    );
    expectError(res, 409);
    expect(res.body.message).toBe('Some of this mailing has been released already, so it can no longer be withdrawn');
  });
});
