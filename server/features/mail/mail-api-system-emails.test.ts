import { describe, expect, it } from 'vitest';
import { demo, other, server, token, useMailApiServer } from './mail-api-testing.js';

useMailApiServer();

describe('system-email copy', () => {
  it('lists every kind with its variables; saves per olympiad; refuses unknown variables', async () => {
    expect((await server.api('GET', '/email-template/v-rest/')).status).toBe(401);
    expect((await server.api('GET', '/email-template/v-rest/', { token: token.funding })).status).toBe(403);
    expect((await server.api('GET', '/email-template/v-rest/', { token: token.admin })).status).toBe(400);
    const list = await server.api('GET', `/email-template/v-rest/?olympiadId=${demo.geoDemo}`, { token: token.admin });
    expect(list.body.items.map((t: { kind: string }) => t.kind)).toEqual(
      expect.arrayContaining([
        'verify-email',
        'reset-password',
        'eoi-processed',
        'eoi-declined',
        'learner-slips-ready',
        'invoice',
        'certificates',
      ]),
    );
    const bad = await server.api('PUT', `/email-template/api/reset-password?olympiadId=${demo.geoDemo}`, {
      token: token.admin,
      body: { subject: 'Reset', html: '<p>{{name}} {{pasword}}</p>' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].message).toMatch(/\{\{pasword\}\}/);
    expect(
      (
        await server.api('PUT', `/email-template/api/reset-password?olympiadId=${other.olympiadId}`, {
          token: token.admin,
          body: { subject: 'Reset', html: '<p>x</p>' },
        })
      ).status,
    ).toBe(404);
    const ok = await server.api('PUT', `/email-template/api/reset-password?olympiadId=${demo.geoDemo}`, {
      token: token.admin,
      body: { subject: 'Reset for {{name}}', html: '<p>Go: <a href="{{link}}">here</a></p>' },
    });
    expect(ok.status).toBe(200);
    const after = await server.api('GET', `/email-template/v-rest/?olympiadId=${demo.geoDemo}`, { token: token.admin });
    expect(after.body.items.find((t: { kind: string }) => t.kind === 'reset-password')).toMatchObject({
      source: 'olympiad',
      subject: 'Reset for {{name}}',
    });
    const site = await server.api('GET', '/email-template/v-rest/', { token: token.overlord });
    expect(site.body.items.find((t: { kind: string }) => t.kind === 'reset-password').source).toBe('default');
  });

  it('previews with sample data and sends a test to yourself', async () => {
    const preview = await server.api('POST', `/email-template/api/invoice/preview?olympiadId=${demo.geoDemo}`, {
      token: token.admin,
      body: { subject: 'Invoice {{amount}}', html: '<p>{{schoolName}}</p>' },
    });
    expect(preview.body).toMatchObject({ subject: 'Invoice R 1 050.00', html: '<p>Waterkloof High School</p>' });
    const sent = await server.api('POST', `/email-template/api/invoice/test?olympiadId=${demo.geoDemo}`, {
      token: token.admin,
      body: { subject: 'Invoice {{amount}}', html: '<p>{{schoolName}}</p>' },
    });
    expect(sent.status).toBe(200);
    const [mail] = await server.query<{ to_address: string; subject: string; status: string }>`
      select to_address, subject, status from emails where kind = 'test:invoice'`;
    expect(mail).toEqual({
      to_address: 'admin@olympus.example.org',
      subject: '[Test] Invoice R 1 050.00',
      status: 'outbox',
    });
  });

  it('uses the saved wording when the platform sends that message', async () => {
    const saved = await server.api('PUT', '/email-template/api/reset-password', {
      token: token.overlord,
      body: { subject: 'New password for {{username}}', html: '<p>Hi {{name}}, <a href="{{link}}">reset</a>.</p>' },
    });
    expect(saved.status).toBe(200);
    expect((await server.api('POST', '/api/auth/forgot-password/teacher2')).status).toBe(200);
    const [mail] = await server.query<{ subject: string; html_body: string; text_body: string }>`
      select subject, html_body, text_body from emails where kind = 'reset-password' and to_address = 'teacher@rbhs.example.org'
      order by id desc limit 1`;
    expect(mail!.subject).toBe('New password for teacher2');
    expect(mail!.html_body).toMatch(
      /^<p>Hi Pieter van der Merwe, <a href="http:\/\/olympus\.test\/verify-email\/[\w-]+">reset<\/a>\.<\/p>$/,
    );
    expect(mail!.text_body).toMatch(/reset \(http:\/\/olympus\.test\/verify-email\//);
  });
});
