import { describe, expect, it } from 'vitest';

import { type Call, csv, demo, foreign, onlyOwn, q, teacherEdit, useIsolationServer, walk } from './testing.js';

useIsolationServer();

/** Every teacher-reachable call of the features, with another school's ids. */
const teacherCalls: Call[] = [
  { name: 'read another school', method: 'GET', path: () => `/school/v-rest/${foreign.school}`, expect: 404 },
  {
    name: 'edit another school’s contact details',
    method: 'PUT',
    path: () => `/school/v-rest/${foreign.school}`,
    body: () => ({ phone: '000' }),
    expect: 404,
  },
  { name: 'list schools', method: 'GET', path: () => '/school/v-rest/', expect: 403 },
  { name: 'read another teacher', method: 'GET', path: () => `/teacher/v-rest/${foreign.teacher}`, expect: 403 },
  {
    name: 'edit another teacher',
    method: 'PUT',
    path: () => `/teacher/v-rest/${foreign.teacher}`,
    body: teacherEdit,
    expect: 403,
  },
  {
    name: 'disable another teacher',
    method: 'POST',
    path: () => `/teacher/v-rest/${foreign.teacher}/disable`,
    expect: 403,
  },
  {
    name: 'reset another teacher’s password',
    method: 'POST',
    path: () => `/teacher/v-rest/${foreign.teacher}/reset-password`,
    expect: 403,
  },
  {
    name: 'list entries: only their own school’s',
    method: 'GET',
    path: () => `/school-participant/v-rest/?${q()}`,
    expect: onlyOwn('schoolId', () => demo.school1),
  },
  {
    name: 'read another school’s entry',
    method: 'GET',
    path: () => `/school-participant/v-rest/${foreign.participant}`,
    expect: 404,
  },
  {
    name: 'change another school’s entry',
    method: 'PUT',
    path: () => `/school-participant/v-rest/${foreign.participant}`,
    body: () => ({ status: 'withdrawn' }),
    expect: 403,
  },
  {
    name: 'remove another school’s entry',
    method: 'DELETE',
    path: () => `/school-participant/v-rest/${foreign.participant}`,
    expect: 403,
  },
  {
    name: 'enter another school',
    method: 'POST',
    path: () => '/school-participant/v-rest/',
    body: () => ({ olympiadId: demo.geoDemo, schoolId: foreign.school }),
    expect: 403,
  },
  {
    name: 'list another entry’s learners',
    method: 'GET',
    path: () => `/participant/v-rest/?customerParticipantId=${foreign.participant}`,
    expect: 404,
  },
  {
    name: 'list learners: only their own school’s',
    method: 'GET',
    path: () => `/learner/v-rest/?${q()}&pageSize=500`,
    expect: onlyOwn('schoolId', () => demo.school1),
  },
  {
    name: 'list another school’s learners',
    method: 'GET',
    path: () => `/learner/v-rest/?${q()}&schoolId=${foreign.school}`,
    expect: 404,
  },
  {
    name: 'read another school’s learner',
    method: 'GET',
    path: () => `/learner/v-rest/${foreign.learner}`,
    expect: 404,
  },
  {
    name: 'edit another school’s learner',
    method: 'PUT',
    path: () => `/learner/v-rest/${foreign.learner}`,
    body: () => ({ firstName: 'Hacked', lastName: 'X', grade: 5 }),
    expect: 404,
  },
  {
    name: 'remove another school’s learner',
    method: 'DELETE',
    path: () => `/learner/v-rest/${foreign.learner}`,
    expect: 404,
  },
  {
    name: 'set another school’s learner’s password',
    method: 'PUT',
    path: () => `/api/auth/set-learner-passwords/${foreign.learner}`,
    body: () => ({ password: 'hijacked-123' }),
    expect: 404,
  },
  {
    name: 'add a learner to another school',
    method: 'POST',
    path: () => '/learner/v-rest/',
    body: () => ({ olympiadId: demo.geoDemo, schoolId: foreign.school, firstName: 'A', lastName: 'B', grade: 5 }),
    expect: 404,
  },
  {
    name: 'check a file for another school',
    method: 'POST',
    path: () => `/learner/v-rest/import/preview?${q()}&schoolId=${foreign.school}`,
    csv,
    expect: 404,
  },
  {
    name: 'import a file into another school',
    method: 'POST',
    path: () => `/learner/v-rest/import?${q()}&schoolId=${foreign.school}`,
    csv,
    expect: 404,
  },
  {
    name: 'see another school’s import',
    method: 'GET',
    path: () => `/learner/v-rest/import/${foreign.heldImport}`,
    expect: 404,
  },
  {
    name: 'start another school’s import',
    method: 'POST',
    path: () => `/learner/v-rest/import/${foreign.heldImport}/start`,
    expect: 404,
  },
  {
    name: 'another school’s slips (PDF)',
    method: 'GET',
    path: () => `/learner/v-rest/slips.pdf?${q()}&schoolId=${foreign.school}`,
    expect: 404,
  },
  {
    name: 'another school’s slips (CSV)',
    method: 'GET',
    path: () => `/learner/v-rest/slips.csv?${q()}&schoolId=${foreign.school}`,
    expect: 404,
  },
  {
    name: 'slips naming another school’s learner: only their own school’s learners are printed',
    method: 'GET',
    path: () => `/learner/v-rest/slips.csv?${q()}&ids=${foreign.learner}`,
    expect: (res) => {
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(foreign.learnerUsername);
    },
  },
  {
    name: 'FAQs of an olympiad outside their portal',
    method: 'GET',
    path: () => `/faq/v-rest/?olympiadId=${foreign.endedOlympiad}`,
    expect: 404,
  },
  {
    name: 'an FAQ for the teachers of an olympiad outside their portal',
    method: 'GET',
    path: () => `/faq/v-rest/${foreign.endedFaq}`,
    expect: 404,
  },
  {
    name: 'edit an FAQ',
    method: 'PUT',
    path: () => `/faq/v-rest/${foreign.endedFaq}`,
    body: () => ({ audience: 'portal', question: 'Taken over?', answer: '<p>x</p>' }),
    expect: 403,
  },
  {
    name: 'the portal page of an olympiad their school is not in (and that is over)',
    method: 'GET',
    path: () => `/api/portal/olympiads/${foreign.endedOlympiadName}`,
    expect: 404,
  },
  {
    name: 'enter their school in an olympiad that is over',
    method: 'POST',
    path: () => '/teacher-expression/rest/',
    body: () => ({ olympiadId: foreign.endedOlympiad }),
    expect: (res) => expect(res.status).toBe(409),
  },
  {
    name: 'add a learner to their own school in an olympiad their school is not in',
    method: 'POST',
    path: () => '/learner/v-rest/',
    body: () => ({ olympiadId: foreign.olympiad, schoolId: demo.school1, firstName: 'A', lastName: 'B', grade: 5 }),
    expect: 409,
  },
  {
    name: 'import a file into their own school in an olympiad their school is not in',
    method: 'POST',
    path: () => `/learner/v-rest/import?olympiadId=${foreign.olympiad}&schoolId=${demo.school1}`,
    csv,
    expect: 409,
  },
  {
    name: 'add a learner to their own school in an olympiad outside their portal',
    method: 'POST',
    path: () => '/learner/v-rest/',
    body: () => ({
      olympiadId: foreign.endedOlympiad,
      schoolId: demo.school1,
      firstName: 'A',
      lastName: 'B',
      grade: 5,
    }),
    expect: 404,
  },
  {
    name: 'import a file into their own school in an olympiad outside their portal',
    method: 'POST',
    path: () => `/learner/v-rest/import?olympiadId=${foreign.endedOlympiad}&schoolId=${demo.school1}`,
    csv,
    expect: 404,
  },
  {
    name: 'enter their own school in another olympiad by the entry call',
    method: 'POST',
    path: () => '/school-participant/v-rest/',
    body: () => ({ olympiadId: foreign.olympiad, schoolId: demo.school1 }),
    expect: 403,
  },
  { name: 'write an FAQ', method: 'POST', path: () => '/faq/v-rest/', body: () => ({}), expect: 403 },
  { name: 'read the EOIs', method: 'GET', path: () => '/expression-of-interest/rest/', expect: 403 },
];

describe('isolation: every call with someone else’s ids', () => {
  it(`a teacher reaches only their own school (${teacherCalls.length} calls)`, async () => {
    await walk('teacher', teacherCalls);
  });
});
