import { describe, expect, it } from 'vitest';

import { type Call, csv, demo, foreign, teacherEdit, useIsolationServer, walk } from './testing.js';

useIsolationServer();

/** Every call an olympiad's admin can make in the same features, with another olympiad's ids. */
const adminCalls: Call[] = [
  {
    name: 'list another olympiad’s schools',
    method: 'GET',
    path: () => `/school/v-rest/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'read a school of another olympiad',
    method: 'GET',
    path: () => `/school/v-rest/${foreign.olympiadSchool}`,
    expect: 404,
  },
  {
    name: 'edit a school (the overlord’s)',
    method: 'PUT',
    path: () => `/school/v-rest/${foreign.olympiadSchool}`,
    body: () => ({ name: 'Hacked' }),
    expect: 403,
  },
  {
    name: 'list another olympiad’s teachers',
    method: 'GET',
    path: () => `/teacher/v-rest/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'read a teacher of another olympiad',
    method: 'GET',
    path: () => `/teacher/v-rest/${foreign.olympiadTeacher}`,
    expect: 404,
  },
  {
    name: 'add a teacher to a school of another olympiad',
    method: 'POST',
    path: () => '/teacher/v-rest/',
    body: () => ({ schoolId: foreign.olympiadSchool, firstName: 'A', lastName: 'B', email: 'new-iso@example.org' }),
    expect: 404,
  },
  {
    name: 'edit a teacher of another olympiad',
    method: 'PUT',
    path: () => `/teacher/v-rest/${foreign.olympiadTeacher}`,
    body: teacherEdit,
    expect: 404,
  },
  {
    name: 'move their own teacher into a school of another olympiad',
    method: 'PUT',
    path: () => `/teacher/v-rest/${demo.users.teacher}`,
    body: () => ({ ...teacherEdit(), email: 'teacher@waterkloof.example.org', schoolId: foreign.olympiadSchool }),
    expect: 404,
  },
  ...(['resend-verification', 'reset-password', 'disable', 'enable'] as const).map((action): Call => ({
    name: `${action} a teacher of another olympiad`,
    method: 'POST',
    path: () => `/teacher/v-rest/${foreign.olympiadTeacher}/${action}`,
    expect: 404,
  })),
  {
    name: 'list another olympiad’s entries',
    method: 'GET',
    path: () => `/school-participant/v-rest/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'read an entry of another olympiad',
    method: 'GET',
    path: () => `/school-participant/v-rest/${foreign.olympiadParticipant}`,
    expect: 404,
  },
  {
    name: 'enter a school in another olympiad',
    method: 'POST',
    path: () => '/school-participant/v-rest/',
    body: () => ({ olympiadId: foreign.olympiad, schoolId: demo.school1 }),
    expect: 404,
  },
  {
    name: 'change an entry of another olympiad',
    method: 'PUT',
    path: () => `/school-participant/v-rest/${foreign.olympiadParticipant}`,
    body: () => ({ status: 'withdrawn' }),
    expect: 404,
  },
  {
    name: 'remove an entry of another olympiad',
    method: 'DELETE',
    path: () => `/school-participant/v-rest/${foreign.olympiadParticipant}`,
    expect: 404,
  },
  {
    name: 'list the learners of an entry of another olympiad',
    method: 'GET',
    path: () => `/participant/v-rest/?customerParticipantId=${foreign.olympiadParticipant}`,
    expect: 404,
  },
  {
    name: 'list another olympiad’s learners',
    method: 'GET',
    path: () => `/learner/v-rest/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'read a learner of another olympiad',
    method: 'GET',
    path: () => `/learner/v-rest/${foreign.olympiadLearner}`,
    expect: 404,
  },
  {
    name: 'edit a learner of another olympiad',
    method: 'PUT',
    path: () => `/learner/v-rest/${foreign.olympiadLearner}`,
    body: () => ({ firstName: 'Hacked', lastName: 'X', grade: 5 }),
    expect: 404,
  },
  {
    name: 'remove a learner of another olympiad',
    method: 'DELETE',
    path: () => `/learner/v-rest/${foreign.olympiadLearner}`,
    expect: 404,
  },
  {
    name: 'set the password of a learner of another olympiad',
    method: 'PUT',
    path: () => `/api/auth/set-learner-passwords/${foreign.olympiadLearner}`,
    body: () => ({ password: 'hijacked-123' }),
    expect: 404,
  },
  {
    name: 'add a learner in another olympiad',
    method: 'POST',
    path: () => '/learner/v-rest/',
    body: () => ({
      olympiadId: foreign.olympiad,
      schoolId: foreign.olympiadSchool,
      firstName: 'A',
      lastName: 'B',
      grade: 5,
    }),
    expect: 404,
  },
  {
    name: 'check a file for another olympiad',
    method: 'POST',
    path: () => `/learner/v-rest/import/preview?olympiadId=${foreign.olympiad}&schoolId=${foreign.olympiadSchool}`,
    csv,
    expect: 404,
  },
  {
    name: 'import a file into another olympiad',
    method: 'POST',
    path: () => `/learner/v-rest/import?olympiadId=${foreign.olympiad}&schoolId=${foreign.olympiadSchool}`,
    csv,
    expect: 404,
  },
  {
    name: 'see another olympiad’s import',
    method: 'GET',
    path: () => `/learner/v-rest/import/${foreign.olympiadImport}`,
    expect: 404,
  },
  {
    name: 'start another olympiad’s import',
    method: 'POST',
    path: () => `/learner/v-rest/import/${foreign.olympiadImport}/start`,
    expect: 404,
  },
  {
    name: 'slips of another olympiad',
    method: 'GET',
    path: () => `/learner/v-rest/slips.csv?olympiadId=${foreign.olympiad}&schoolId=${foreign.olympiadSchool}`,
    expect: 404,
  },
  {
    name: 'EOIs of another olympiad',
    method: 'GET',
    path: () => `/expression-of-interest/rest/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'possible matches of another olympiad’s EOI',
    method: 'GET',
    path: () => `/expression-of-interest/rest/get-possible-matches?expressionId=${foreign.eoi}`,
    expect: 404,
  },
  {
    name: 'process another olympiad’s EOI',
    method: 'POST',
    path: () => `/expression-of-interest/rest/${foreign.eoi}/process`,
    body: () => ({}),
    expect: 404,
  },
  // Their own olympiad's expressions, pointing at another olympiad's records.
  {
    name: 'process their own EOI, linking another olympiad’s teacher by id',
    method: 'POST',
    path: () => `/expression-of-interest/rest/${foreign.ownEoi}/process`,
    body: () => ({ schoolId: demo.school1, teacherId: foreign.olympiadTeacher }),
    expect: 404,
  },
  {
    name: 'process their own EOI into a school of another olympiad, adding a teacher account to it',
    method: 'POST',
    path: () => `/expression-of-interest/rest/${foreign.ownEoi}/process`,
    body: () => ({ schoolId: foreign.olympiadSchool }),
    expect: (res) => expect(res.status).toBe(409),
  },
  {
    name: 'process their own EOI whose email is another olympiad’s teacher (moving them)',
    method: 'POST',
    path: () => `/expression-of-interest/rest/${foreign.ownEoiForeignEmail}/process`,
    body: () => ({ schoolId: demo.school1 }),
    expect: (res) => expect(res.status).toBe(409),
  },
  {
    name: 'process their own EOI naming a school that does not exist',
    method: 'POST',
    path: () => `/expression-of-interest/rest/${foreign.ownEoi}/process`,
    body: () => ({ schoolId: 2_000_000_000 }),
    expect: 404,
  },
  {
    name: 'decline another olympiad’s EOI',
    method: 'POST',
    path: () => `/expression-of-interest/rest/${foreign.eoi}/decline`,
    body: () => ({ reason: 'Not yours to decline' }),
    expect: 404,
  },
  { name: 'delete another olympiad’s EOI', method: 'DELETE', path: () => `/interest/rest/${foreign.eoi}`, expect: 404 },
  {
    name: 'FAQs of another olympiad',
    method: 'GET',
    path: () => `/faq/v-rest/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  { name: 'read an FAQ of another olympiad', method: 'GET', path: () => `/faq/v-rest/${foreign.faq}`, expect: 404 },
  {
    name: 'add an FAQ to another olympiad',
    method: 'POST',
    path: () => '/faq/v-rest/',
    body: () => ({ audience: 'olympiad', olympiadId: foreign.olympiad, question: 'Mine now?', answer: '<p>x</p>' }),
    expect: 404,
  },
  {
    name: 'edit an FAQ of another olympiad',
    method: 'PUT',
    path: () => `/faq/v-rest/${foreign.faq}`,
    body: () => ({ audience: 'olympiad', olympiadId: demo.geoDemo, question: 'Taken over', answer: '<p>x</p>' }),
    expect: 404,
  },
  {
    name: 'delete an FAQ of another olympiad',
    method: 'DELETE',
    path: () => `/faq/v-rest/${foreign.faq}`,
    expect: 404,
  },
  {
    name: 'reorder another olympiad’s FAQs',
    method: 'POST',
    path: () => '/faq/v-rest/reorder',
    body: () => ({ audience: 'olympiad', olympiadId: foreign.olympiad, ids: [foreign.faq] }),
    expect: 404,
  },
];

describe('isolation: every call with someone else’s ids', () => {
  it(`an admin reaches only their own olympiad (${adminCalls.length} calls)`, async () => {
    await walk('admin', adminCalls);
  });
});
