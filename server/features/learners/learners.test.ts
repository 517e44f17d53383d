import { describe, expect, it } from 'vitest';
import { createOlympiad, createSchool, enterSchool } from '../../seed/factories.js';
import { server, demo, tokens, upload, useLearnersServer } from './testing.js';

useLearnersServer();

describe('learners one by one, and isolation', () => {
  it('401 without a token, 403 for the wrong role', async () => {
    expect((await server.api('GET', `/learner/v-rest/?olympiadId=${demo.geoDemo}`)).status).toBe(401);
    expect(
      (await server.api('GET', `/learner/v-rest/?olympiadId=${demo.geoDemo}`, { token: tokens.learner })).status,
    ).toBe(403);
    expect(
      (await server.api('GET', `/learner/v-rest/?olympiadId=${demo.geoDemo}`, { token: tokens.accountant })).status,
    ).toBe(403);
    expect(
      (await upload(`/learner/v-rest/import?olympiadId=${demo.geoDemo}`, Buffer.from('x'), 'a.csv', undefined)).status,
    ).toBe(401);
  });

  it('a teacher lists, edits and removes only their own learners; another school’s are 404 and unchanged', async () => {
    const list = await server.api('GET', `/learner/v-rest/?olympiadId=${demo.geoDemo}&pageSize=500`, {
      token: tokens.teacher2,
    });
    expect(list.body.items.every((l: { schoolId: number }) => l.schoolId === demo.school2)).toBe(true);
    const [other] = await server.query<{ id: number }>`select id from users where username = 'learner1'`;
    expect((await server.api('GET', `/learner/v-rest/${other!.id}`, { token: tokens.teacher2 })).status).toBe(404);
    const put = await server.api('PUT', `/learner/v-rest/${other!.id}`, {
      token: tokens.teacher2,
      body: { firstName: 'X', lastName: 'Y', grade: 5 },
    });
    expect(put.status).toBe(404);
    expect((await server.api('DELETE', `/learner/v-rest/${other!.id}`, { token: tokens.teacher2 })).status).toBe(404);
    expect(
      (
        await server.api('PUT', `/api/auth/set-learner-passwords/${other!.id}`, {
          token: tokens.teacher2,
          body: { password: 'hijacked-123' },
        })
      ).status,
    ).toBe(404);
    const [row] = await server.query<{ first_name: string }>`select first_name from users where id = ${other!.id}`;
    expect(row!.first_name).toBe('Lerato');
    expect(
      (
        await server.api('GET', `/learner/v-rest/?olympiadId=${demo.geoDemo}&schoolId=${demo.school1}`, {
          token: tokens.teacher2,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await upload(
          `/learner/v-rest/import/preview?olympiadId=${demo.geoDemo}&schoolId=${demo.school1}`,
          Buffer.from('First name,Surname,Grade\nA,B,5\n'),
          'a.csv',
          tokens.teacher2,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await server.api('GET', `/learner/v-rest/slips.csv?olympiadId=${demo.geoDemo}&schoolId=${demo.school1}`, {
          token: tokens.teacher2,
        })
      ).status,
    ).toBe(404);

    const mine = await server.api('POST', '/learner/v-rest/', {
      token: tokens.teacher2,
      body: { olympiadId: demo.geoDemo, firstName: 'Nomsa', lastName: 'Zulu', grade: 8 },
    });
    const id = mine.body.learner.id;
    const edited = await server.api('PUT', `/learner/v-rest/${id}`, {
      token: tokens.teacher2,
      body: { firstName: 'Nomsa', lastName: 'Zulu-Mthembu', grade: 9 },
    });
    expect(edited.body.learner).toMatchObject({ lastName: 'Zulu-Mthembu', grade: 9 });
    expect(
      (
        await server.api('POST', '/learner/v-rest/', {
          token: tokens.teacher2,
          body: { olympiadId: demo.geoDemo, firstName: 'nomsa', lastName: 'zulu-mthembu', grade: 9 },
        })
      ).status,
    ).toBe(409);
    expect((await server.api('DELETE', `/learner/v-rest/${id}`, { token: tokens.teacher2 })).status).toBe(200);
    expect(await server.query`select id from users where id = ${id}`).toHaveLength(0);
  });

  it('an admin manages any school of their olympiad, not another olympiad’s; a school not entered is refused', async () => {
    const q = `?olympiadId=${demo.geoDemo}&schoolId=${demo.school2}`;
    const preview = await upload(
      `/learner/v-rest/import/preview${q}`,
      Buffer.from('First name,Surname,Grade\nAyanda,Mokoena,10\n'),
      'a.csv',
      tokens.admin,
    );
    expect(preview.body.valid).toBe(1);
    const all = await server.api('GET', `/learner/v-rest/?olympiadId=${demo.geoDemo}&pageSize=500`, {
      token: tokens.admin,
    });
    expect(new Set(all.body.items.map((l: { schoolId: number }) => l.schoolId))).toEqual(
      new Set([demo.school1, demo.school2]),
    );
    const other = await createOlympiad(server.db);
    const school = await createSchool(server.db);
    await enterSchool(server.db, other.id, school.id);
    expect((await server.api('GET', `/learner/v-rest/?olympiadId=${other.id}`, { token: tokens.admin })).status).toBe(
      404,
    );
    expect(
      (
        await server.api('POST', '/learner/v-rest/', {
          token: tokens.admin,
          body: { olympiadId: other.id, schoolId: school.id, firstName: 'A', lastName: 'B', grade: 5 },
        })
      ).status,
    ).toBe(404);
    const notEntered = await createSchool(server.db);
    expect(
      (
        await server.api('POST', '/learner/v-rest/', {
          token: tokens.admin,
          body: { olympiadId: demo.geoDemo, schoolId: notEntered.id, firstName: 'A', lastName: 'B', grade: 5 },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await server.api('POST', '/learner/v-rest/', {
          token: tokens.overlord,
          body: { olympiadId: demo.geoDemo, schoolId: demo.school2, firstName: 'Over', lastName: 'Lord', grade: 12 },
        })
      ).status,
    ).toBe(200);
  });
});
