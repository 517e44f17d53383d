import { describe, expect, it } from 'vitest';
import { createUser, grant } from '../../seed/factories.js';
import { server, demo, tokens, otherOlympiad, otherSchool, get, useSchoolsServer } from '../../test/school-staff.js';

useSchoolsServer();

describe('expressions of interest', () => {
  const form = (over: Record<string, unknown> = {}) => ({
    olympiadId: demo.geoDemo,
    schoolName: 'Hoerskool Waterkloof',
    emisNumber: '',
    province: 'Gauteng',
    town: 'pretoria',
    teacherFirstName: 'Anél',
    teacherLastName: "D'Oliveira",
    teacherEmail: 'anel@example.org',
    learnerEstimate: 120,
    ...over,
  });

  it('takes the public form, ignores the honeypot, rate-limits', async () => {
    const ok = await server.api('POST', '/website/api/eoi', { body: form() });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatch(/Thank you/);
    const bot = await server.api('POST', '/website/api/eoi', {
      body: form({ website: 'http://spam', schoolName: 'Spam School' }),
    });
    expect(bot.status).toBe(200);
    expect(await server.query`select id from expressions_of_interest where school_name = 'Spam School'`).toHaveLength(
      0,
    );
    const bad = await server.api('POST', '/website/api/eoi', {
      body: form({ teacherEmail: 'nope', province: 'Mars' }),
    });
    expect(bad.status).toBe(400);
    for (let i = 0; i < 2; i++)
      await server.api('POST', '/website/api/eoi', { body: form({ teacherEmail: 'many@example.org' }) });
    const limited = await server.api('POST', '/website/api/eoi', { body: form({ teacherEmail: 'many@example.org' }) });
    expect(limited.status).toBe(200);
    expect(
      (await server.api('POST', '/website/api/eoi', { body: form({ teacherEmail: 'many@example.org' }) })).status,
    ).toBe(429);
  });

  it('lists, finds possible matches, processes (school linked, teacher created and mailed)', async () => {
    expect((await get('/expression-of-interest/rest/')).status).toBe(401);
    expect((await get('/expression-of-interest/rest/', 'teacher')).status).toBe(403);
    const list = await get('/expression-of-interest/rest/?status=pending&search=anel', 'funding');
    expect(list.status).toBe(200);
    const eoi = list.body.items[0];
    expect(eoi).toMatchObject({ processed: false, declined: false, status: 'pending', teacherLastName: "D'Oliveira" });
    const matches = await get(`/expression-of-interest/rest/get-possible-matches?expressionId=${eoi.id}`, 'admin');
    expect(matches.status).toBe(200);
    expect(matches.body.items[0]).toMatchObject({ schoolId: demo.school1, reasons: ['name_town'] });
    const processed = await server.api('POST', `/expression-of-interest/rest/${eoi.id}/process`, {
      token: tokens.admin,
      body: { schoolId: demo.school1 },
    });
    expect(processed.status).toBe(200);
    expect(processed.body.expression).toMatchObject({ processed: true, schoolId: demo.school1 });
    const [teacher] = await server.query<{
      school_id: number;
      password_hash: string | null;
    }>`select school_id, password_hash from users where email = 'anel@example.org'`;
    expect(teacher).toMatchObject({ school_id: demo.school1, password_hash: null });
    const [mail] = await server.query<{
      text_body: string;
    }>`select text_body from emails where to_address = 'anel@example.org' order by id desc`;
    expect(mail!.text_body).toMatch(/\/verify-email\//);
    expect(
      (await server.api('POST', `/expression-of-interest/rest/${eoi.id}/process`, { token: tokens.admin, body: {} }))
        .status,
    ).toBe(409);
    const again = await get(`/expression-of-interest/rest/get-possible-matches?expressionId=${eoi.id}`, 'admin');
    expect(again.body.items[0].reasons).toEqual(['name_town', 'teacher_email']);
  });

  it('creates a new school when asked, declines with a mailed reason, deletes; another olympiad’s EOI is 404', async () => {
    await server.api('POST', '/website/api/eoi', {
      body: form({ schoolName: 'Brand New Academy', emisNumber: '987654321', teacherEmail: 'new@example.org' }),
    });
    await server.api('POST', '/website/api/eoi', {
      body: form({ schoolName: 'Declined High', teacherEmail: 'no@example.org' }),
    });
    const [fresh] = await server.query<{
      id: number;
    }>`select id from expressions_of_interest where school_name = 'Brand New Academy'`;
    const [decl] = await server.query<{
      id: number;
    }>`select id from expressions_of_interest where school_name = 'Declined High'`;
    // Finance staff may not add a school or enter one, so not through an expression either.
    for (const who of ['accountant', 'funding']) {
      const refused = await server.api('POST', `/expression-of-interest/rest/${fresh!.id}/process`, {
        token: tokens[who],
        body: {},
      });
      expect(refused.status, who).toBe(403);
    }
    expect(await server.query`select id from schools where emis_number = '987654321'`).toHaveLength(0);
    const created = await server.api('POST', `/expression-of-interest/rest/${fresh!.id}/process`, {
      token: tokens.admin,
      body: {},
    });
    expect(created.status).toBe(200);
    expect(await server.query`select id from schools where emis_number = '987654321'`).toHaveLength(1);
    expect(
      (
        await server.api('POST', `/expression-of-interest/rest/${decl!.id}/decline`, {
          token: tokens.admin,
          body: { reason: '' },
        })
      ).status,
    ).toBe(400);
    const declined = await server.api('POST', `/expression-of-interest/rest/${decl!.id}/decline`, {
      token: tokens.admin,
      body: { reason: 'Entries closed.' },
    });
    expect(declined.body.expression).toMatchObject({ declined: true, declineReason: 'Entries closed.' });
    const [mail] = await server.query<{
      text_body: string;
    }>`select text_body from emails where to_address = 'no@example.org'`;
    expect(mail!.text_body).toContain('Entries closed.');

    const foreign = await server.api('POST', '/website/api/eoi', {
      body: form({ olympiadId: otherOlympiad.id, teacherEmail: 'far@example.org' }),
    });
    expect(foreign.status).toBe(200);
    const [far] = await server.query<{
      id: number;
    }>`select id from expressions_of_interest where teacher_email = 'far@example.org'`;
    expect(
      (await get(`/expression-of-interest/rest/get-possible-matches?expressionId=${far!.id}`, 'admin')).status,
    ).toBe(404);
    expect(
      (
        await server.api('POST', `/expression-of-interest/rest/${far!.id}/decline`, {
          token: tokens.admin,
          body: { reason: 'Nope nope' },
        })
      ).status,
    ).toBe(404);
    expect((await server.api('DELETE', `/interest/rest/${far!.id}`, { token: tokens.admin })).status).toBe(404);
    expect(
      await server.query`select id from expressions_of_interest where id = ${far!.id} and status = 'pending'`,
    ).toHaveLength(1);
    expect((await server.api('DELETE', `/interest/rest/${decl!.id}`, { token: tokens.funding })).status).toBe(403);
    expect((await server.api('DELETE', `/interest/rest/${decl!.id}`, { token: tokens.admin })).status).toBe(200);
  });

  it('processing loads the school and the teacher for what it does: nobody moves or adds through it what they could not directly', async () => {
    const farTeacher = await createUser(server.db, {
      role: 'teacher',
      schoolId: otherSchool.id,
      email: `far-${Date.now()}@other.example.org`,
    });
    const submit = async (teacherEmail: string) => {
      await server.api('POST', '/website/api/eoi', { body: form({ schoolName: 'Some School', teacherEmail }) });
      const [row] = await server.query<{ id: number }>`
        select id from expressions_of_interest where teacher_email = ${teacherEmail.toLowerCase()} order by id desc limit 1`;
      return row!.id;
    };
    const process = (id: number, body: Record<string, unknown>, who = 'admin') =>
      server.api('POST', `/expression-of-interest/rest/${id}/process`, { token: tokens[who], body });
    const unchanged = async () => {
      const [t] = await server.query<{ school_id: number }>`select school_id from users where id = ${farTeacher.id}`;
      expect(t!.school_id).toBe(otherSchool.id);
      expect(
        await server.query`select id from school_participants where school_id = ${otherSchool.id} and olympiad_id = ${demo.geoDemo}`,
      ).toHaveLength(0);
    };

    // Another olympiad's teacher named by id: 404, as PUT teacher/v-rest/{id} would answer.
    const byId = await submit(`someone-${Date.now()}@example.org`);
    expect((await process(byId, { schoolId: demo.school1, teacherId: farTeacher.id })).status).toBe(404);
    // The same teacher matched by the public form's email: refused by policy (403, not a conflict), not moved.
    const byEmail = await submit(farTeacher.email!);
    const movedAway = await process(byEmail, { schoolId: demo.school1 });
    expect(movedAway.status).toBe(403);
    expect(movedAway.body).toMatchObject({
      success: false,
      code: 'forbidden',
      message: /the platform owner links them/,
    });
    // A school of another olympiad: the admin may enter it, but not add a teacher account to it (403 by policy).
    const newTeacher = await submit(`newcomer-${Date.now()}@example.org`);
    const added = await process(newTeacher, { schoolId: otherSchool.id });
    expect(added.status).toBe(403);
    expect(added.body).toMatchObject({
      success: false,
      code: 'forbidden',
      message: /Only the platform owner adds a teacher/,
    });
    // Finance staff see and decline expressions, but entering a school is the admins'.
    expect((await process(newTeacher, { schoolId: demo.school1 }, 'funding')).status).toBe(403);
    await unchanged();
    const pending = await server.query<{ status: string }>`
      select status from expressions_of_interest where id in (${byId}, ${byEmail}, ${newTeacher})`;
    expect(pending.map((p) => p.status)).toEqual(['pending', 'pending', 'pending']);
    // The overlord may do all of it.
    expect((await process(byEmail, { schoolId: demo.school1 }, 'overlord')).status).toBe(200);
    const [moved] = await server.query<{ school_id: number }>`select school_id from users where id = ${farTeacher.id}`;
    expect(moved!.school_id).toBe(demo.school1);
  });
});

void grant;
