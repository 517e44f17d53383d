import { expect } from 'vitest';
import type { ApiResponse } from '../../test/harness.js';
import { type Call, demo, foreign } from './testing.js';

/**
 * The operations and reports calls (decisions 036–039, 041, 046): staff users, system config, search, the logs,
 * the reports and their downloads, countries and their teams, the waiting room and the `/single` reads, made by
 * each role bound to an olympiad or a school with another olympiad's, school's or country's ids.
 */

const overlordOnly = (name: string, method: Call['method'], path: () => string, body?: () => unknown): Call => ({
  name: `${name} (the overlord’s)`,
  method,
  path,
  ...(body ? { body } : {}),
  expect: 403,
});

/** The overlord's tools: every other role gets the role gate's 403. */
const overlordTools = (): Call[] => [
  overlordOnly('list staff users', 'GET', () => '/user/v-rest/'),
  overlordOnly('read another olympiad’s admin', 'GET', () => `/user/v-rest/single?userId=${foreign.staffUser}`),
  overlordOnly(
    'create a staff user',
    'POST',
    () => '/user/v-rest/',
    () => ({
      username: 'planted-staff',
      email: 'planted-staff@example.org',
      firstName: 'Planted',
      lastName: 'Staff',
      role: 'admin',
    }),
  ),
  overlordOnly(
    'edit another olympiad’s admin',
    'PUT',
    () => `/user/v-rest/${foreign.staffUser}`,
    () => ({
      firstName: 'Hacked',
    }),
  ),
  ...(['disable', 'enable', 'reset-password', 'end-sessions'] as const).map((action) =>
    overlordOnly(`${action} another olympiad’s admin`, 'POST', () => `/user/v-rest/${foreign.staffUser}/${action}`),
  ),
  overlordOnly('read the system config', 'GET', () => '/api/system-config/'),
  overlordOnly(
    'change the system config',
    'POST',
    () => '/api/system-config/',
    () => ({}),
  ),
  overlordOnly('search everything', 'GET', () => '/api/search/?q=Isolated'),
  overlordOnly('read the activity log', 'GET', () => '/api/activity-log/?timeWindow=all'),
  overlordOnly('export the activity log', 'GET', () => '/api/activity-log/?timeWindow=all&format=csv'),
  overlordOnly('read the app log’s keys', 'GET', () => '/api/app-log/keys'),
  overlordOnly('read the app log', 'GET', () => '/api/app-log/all?key=server'),
  overlordOnly(
    'read another olympiad’s learner sign-ins',
    'GET',
    () => `/api/learner-login-activity/?olympiadId=${foreign.olympiad}&timeWindow=all`,
  ),
  overlordOnly('read the overview of every olympiad', 'POST', () => '/olympiad/reports/overview'),
  overlordOnly('export the overview of every olympiad', 'POST', () => '/olympiad/reports/overview?format=xlsx'),
  overlordOnly('read the overlord’s landing data', 'GET', () => '/dashboard/user?section=overlord'),
  overlordOnly('read a sub-project', 'GET', () => '/olympus-sub-project/v-rest/single?subProjectId=1'),
];

/** An olympiad's reports, read with another olympiad's id (an admin) or by a role that reads no reports. */
const reportsOf = (olympiad: () => number, expected: 403 | 404): Call[] => [
  {
    name: 'an olympiad’s overview',
    method: 'POST',
    path: () => `/olympiad/reports/overview/${olympiad()}`,
    expect: expected,
  },
  ...(['csv', 'xlsx'] as const).map((format): Call => ({
    name: `an olympiad’s overview as ${format}`,
    method: 'POST',
    path: () => `/olympiad/reports/overview/${olympiad()}?format=${format}`,
    expect: expected,
  })),
  {
    name: 'an olympiad’s graph data',
    method: 'POST',
    path: () => `/olympiad/reports/graph-data/${olympiad()}`,
    body: () => ({}),
    expect: expected,
  },
  {
    name: 'an olympiad’s graph data as csv',
    method: 'POST',
    path: () => `/olympiad/reports/graph-data/${olympiad()}?format=csv`,
    body: () => ({}),
    expect: expected,
  },
  {
    name: 'an olympiad’s feedback',
    method: 'GET',
    path: () => `/olympiad/reports/feedback/${olympiad()}?grade=9&rating=5`,
    expect: expected,
  },
  {
    name: 'an olympiad’s feedback as xlsx',
    method: 'GET',
    path: () => `/olympiad/reports/feedback/${olympiad()}?format=xlsx`,
    expect: expected,
  },
  {
    name: 'an olympiad’s feedback schools',
    method: 'GET',
    path: () => `/olympiad/reports/feedback/${olympiad()}/schools`,
    expect: expected,
  },
  {
    name: 'an olympiad’s questions by language',
    method: 'GET',
    path: () => `/olympiad/reports/questions-by-language/${olympiad()}`,
    expect: expected,
  },
  {
    name: 'an olympiad’s waiting room',
    method: 'GET',
    path: () => `/api/sitting-waiting-room?olympiadId=${olympiad()}`,
    expect: expected,
  },
  {
    name: 'set an olympiad’s waiting room rate',
    method: 'PUT',
    path: () => `/api/sitting-waiting-room?olympiadId=${olympiad()}`,
    body: () => ({ admissionsPerSecond: 1 }),
    expect: expected,
  },
];

/**
 * The country olympiad's participants, as someone who holds neither igeo-demo nor a team in it; and the shared
 * country list, whose writes are the overlord's alone (decision 069): renaming igeo-demo's Germany renames its
 * team and moving its zone moves its window, so no olympiad's admin may.
 */
const countriesOfIgeo = (list: 404 | 'empty', enter: 404 | 403): Call[] => [
  overlordOnly(
    'rename igeo-demo’s Germany and move its time zone',
    'PUT',
    () => `/igeo-country/v-rest/${foreign.germany}`,
    () => ({ code: 'DE', name: 'Hacked', timeZone: 'Pacific/Kiritimati' }),
  ),
  overlordOnly(
    'add a country to the shared list',
    'POST',
    () => '/igeo-country/v-rest/',
    () => ({ code: 'XK', name: 'Planted', timeZone: 'Europe/Belgrade' }),
  ),
  overlordOnly('remove a country of the shared list', 'DELETE', () => `/igeo-country/v-rest/${foreign.unusedCountry}`),
  {
    name: 'list igeo-demo’s countries',
    method: 'GET',
    path: () => `/igeo-country-participant/v-rest/?olympiadId=${foreign.igeo}`,
    expect:
      list === 404
        ? 404
        : (res: ApiResponse) => {
            expect(res.status).toBe(200);
            expect(res.body.items).toEqual([]);
          },
  },
  {
    name: 'read igeo-demo’s Germany',
    method: 'GET',
    path: () => `/igeo-country-participant/v-rest/${foreign.germanyParticipant}`,
    expect: 404,
  },
  {
    name: 'enter a country in igeo-demo',
    method: 'POST',
    path: () => '/igeo-country-participant/v-rest/',
    body: () => ({ olympiadId: foreign.igeo, countryId: 1 }),
    expect: enter,
  },
  {
    name: 'change igeo-demo’s Germany’s leaders',
    method: 'PUT',
    path: () => `/igeo-country-participant/v-rest/${foreign.germanyParticipant}`,
    body: () => ({ leaders: [] }),
    expect: 404,
  },
  {
    name: 'remove igeo-demo’s Germany',
    method: 'DELETE',
    path: () => `/igeo-country-participant/v-rest/${foreign.germanyParticipant}`,
    expect: enter,
  },
];

/** An olympiad's admin (geo-demo) with another olympiad's records. */
export const adminOperationsCalls: Call[] = [
  ...overlordTools(),
  ...reportsOf(() => foreign.olympiad, 404),
  {
    name: 'the admin landing data of another olympiad',
    method: 'GET',
    path: () => `/dashboard/user?section=admin&olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'the finance landing data',
    method: 'GET',
    path: () => `/dashboard/user?section=finance&olympiadId=${demo.geoDemo}`,
    expect: 403,
  },
  ...countriesOfIgeo(404, 404),
  {
    name: 'the Team page of a country (a team admin’s)',
    method: 'GET',
    path: () => `/igeo-country-participant/v-rest/single?olympiadId=${foreign.igeo}`,
    expect: 403,
  },
  // The /single reads (docs/spec.md §7) with another olympiad's ids.
  {
    name: 'one school of another olympiad',
    method: 'GET',
    path: () => `/school/v-rest/single?schoolId=${foreign.olympiadSchool}`,
    expect: 404,
  },
  {
    name: 'one teacher of another olympiad',
    method: 'GET',
    path: () => `/teacher/v-rest/single?teacherId=${foreign.olympiadTeacher}`,
    expect: 404,
  },
  {
    name: 'one learner of another olympiad',
    method: 'GET',
    path: () => `/learner/v-rest/single?learnerId=${foreign.olympiadLearner}`,
    expect: 404,
  },
  {
    name: 'one entry of another olympiad',
    method: 'GET',
    path: () => `/school-participant/v-rest/single?participantId=${foreign.olympiadParticipant}`,
    expect: 404,
  },
  {
    name: 'one participant of another olympiad',
    method: 'GET',
    path: () => `/participant/v-rest/single?participantId=${foreign.olympiadLearner}`,
    expect: 404,
  },
  {
    name: 'one useful contact of another olympiad',
    method: 'GET',
    path: () => `/useful-contact/v-rest/single?contactId=${foreign.contact}`,
    expect: 404,
  },
  {
    name: 'read a useful contact of another olympiad',
    method: 'GET',
    path: () => `/useful-contact/v-rest/${foreign.contact}`,
    expect: 404,
  },
  {
    name: 'remove a useful contact of another olympiad',
    method: 'DELETE',
    path: () => `/useful-contact/v-rest/${foreign.contact}`,
    expect: 404,
  },
  {
    name: 'one mailing of another olympiad',
    method: 'GET',
    path: () => `/emailer/v-rest/single?massMailId=${foreign.mailing}`,
    expect: 404,
  },
  {
    name: 'one module of another olympiad',
    method: 'GET',
    path: () => `/question-module/v-rest/single?questionModuleId=${foreign.module}`,
    expect: 404,
  },
  {
    name: 'one olympiad’s general copy text of another olympiad',
    method: 'GET',
    path: () => `/copy/v-rest/single?copyId=${foreign.copy}`,
    expect: 404,
  },
  {
    name: 'another olympiad’s general copy',
    method: 'GET',
    path: () => `/copy/v-rest/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'publish another olympiad’s general copy',
    method: 'POST',
    path: () => '/copy/v-rest/',
    body: () => ({ olympiadId: foreign.olympiad, key: 'finished-message', body: '<p>Planted</p>' }),
    expect: 404,
  },
  {
    name: 'edit another olympiad’s general copy',
    method: 'PUT',
    path: () => `/copy/v-rest/${foreign.copy}`,
    body: () => ({ body: '<p>Planted</p>' }),
    expect: 404,
  },
  {
    name: 'reset another olympiad’s general copy',
    method: 'DELETE',
    path: () => `/copy/v-rest/${foreign.copy}`,
    expect: 404,
  },
  {
    name: 'one section of another olympiad’s website copy',
    method: 'GET',
    path: () => `/website-copy/v-rest/single?copyId=${foreign.websiteCopy}`,
    expect: 404,
  },
  {
    name: 'another olympiad’s website copy',
    method: 'GET',
    path: () => `/website-copy/v-rest/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'publish another olympiad’s website copy',
    method: 'POST',
    path: () => '/website-copy/v-rest/',
    body: () => ({ olympiadId: foreign.olympiad, section: 'about', body: '<p>Planted</p>' }),
    expect: 404,
  },
  {
    name: 'edit another olympiad’s website copy',
    method: 'PUT',
    path: () => `/website-copy/v-rest/${foreign.websiteCopy}`,
    body: () => ({ body: '<p>Planted</p>' }),
    expect: 404,
  },
  {
    name: 'remove another olympiad’s website copy',
    method: 'DELETE',
    path: () => `/website-copy/v-rest/${foreign.websiteCopy}`,
    expect: 404,
  },
];

/** A teacher of geo-demo (school1): no reports, no overlord tools, another school's single reads. */
export const teacherOperationsCalls: Call[] = [
  ...overlordTools(),
  ...reportsOf(() => demo.geoDemo, 403),
  {
    name: 'the admin landing data',
    method: 'GET',
    path: () => `/dashboard/user?section=admin&olympiadId=${demo.geoDemo}`,
    expect: 403,
  },
  {
    name: 'one school: another',
    method: 'GET',
    path: () => `/school/v-rest/single?schoolId=${foreign.school}`,
    expect: 404,
  },
  {
    name: 'one teacher: another school’s',
    method: 'GET',
    path: () => `/teacher/v-rest/single?teacherId=${foreign.teacher}`,
    expect: 403,
  },
  {
    name: 'one learner: another school’s',
    method: 'GET',
    path: () => `/learner/v-rest/single?learnerId=${foreign.learner}`,
    expect: 404,
  },
  {
    name: 'one entry: another school’s',
    method: 'GET',
    path: () => `/school-participant/v-rest/single?participantId=${foreign.participant}`,
    expect: 404,
  },
  {
    name: 'one participant: another school’s learner',
    method: 'GET',
    path: () => `/participant/v-rest/single?participantId=${foreign.learner}`,
    expect: 404,
  },
  {
    name: 'the Team page of an olympiad their school writes as a school',
    method: 'GET',
    path: () => `/igeo-country-participant/v-rest/single?olympiadId=${demo.geoDemo}`,
    expect: 404,
  },
  ...countriesOfIgeo('empty', 403),
];

/** Germany's team admin in igeo-demo, with Brazil's team (another country's) and an olympiad their team is not in. */
export const teamAdminCalls: Call[] = [
  {
    name: 'the Team page of an olympiad their team is not in',
    method: 'GET',
    path: () => `/igeo-country-participant/v-rest/single?olympiadId=${demo.geoDemo}`,
    expect: 404,
  },
  {
    name: 'list igeo-demo’s countries: only their own',
    method: 'GET',
    path: () => `/igeo-country-participant/v-rest/?olympiadId=${foreign.igeo}`,
    expect: (res: ApiResponse) => {
      expect(res.status).toBe(200);
      expect(res.body.items.map((p: { id: number }) => p.id)).toEqual([foreign.germanyParticipant]);
    },
  },
  {
    name: 'read Brazil',
    method: 'GET',
    path: () => `/igeo-country-participant/v-rest/${foreign.brazilParticipant}`,
    expect: 404,
  },
  {
    name: 'change Brazil’s leaders',
    method: 'PUT',
    path: () => `/igeo-country-participant/v-rest/${foreign.brazilParticipant}`,
    body: () => ({ leaders: [] }),
    expect: 404,
  },
  {
    name: 'remove Brazil',
    method: 'DELETE',
    path: () => `/igeo-country-participant/v-rest/${foreign.brazilParticipant}`,
    expect: 403,
  },
  {
    name: 'enter a country',
    method: 'POST',
    path: () => '/igeo-country-participant/v-rest/',
    body: () => ({ olympiadId: foreign.igeo, countryId: 1 }),
    expect: 403,
  },
  {
    name: 'list Brazil’s team members',
    method: 'GET',
    path: () => `/learner/v-rest/?olympiadId=${foreign.igeo}&schoolId=${foreign.brazilTeam}`,
    expect: 404,
  },
  {
    name: 'read a member of Brazil’s team',
    method: 'GET',
    path: () => `/learner/v-rest/${foreign.brazilLearner}`,
    expect: 404,
  },
  {
    name: 'one member of Brazil’s team',
    method: 'GET',
    path: () => `/learner/v-rest/single?learnerId=${foreign.brazilLearner}`,
    expect: 404,
  },
  {
    name: 'edit a member of Brazil’s team',
    method: 'PUT',
    path: () => `/learner/v-rest/${foreign.brazilLearner}`,
    body: () => ({ firstName: 'Hacked', lastName: 'X', grade: 10 }),
    expect: 404,
  },
  {
    name: 'remove a member of Brazil’s team',
    method: 'DELETE',
    path: () => `/learner/v-rest/${foreign.brazilLearner}`,
    expect: 404,
  },
  {
    name: 'add a member to Brazil’s team',
    method: 'POST',
    path: () => '/learner/v-rest/',
    body: () => ({
      olympiadId: foreign.igeo,
      schoolId: foreign.brazilTeam,
      firstName: 'Planted',
      lastName: 'Member',
      grade: 10,
    }),
    expect: 404,
  },
  {
    name: 'Brazil’s entry',
    method: 'GET',
    path: () => `/school-participant/v-rest/single?participantId=${foreign.brazilEntry}`,
    expect: 404,
  },
  {
    name: 'one participant of Brazil’s team',
    method: 'GET',
    path: () => `/participant/v-rest/single?participantId=${foreign.brazilLearner}`,
    expect: 404,
  },
  {
    name: 'Brazil’s team (a school-like unit)',
    method: 'GET',
    path: () => `/school/v-rest/single?schoolId=${foreign.brazilTeam}`,
    expect: 404,
  },
];

/** The accountant and funding staff of geo-demo: their landing data stays in their olympiads; no reports. */
export const financeOperationsCalls = (section: 'finance' | 'funding'): Call[] => [
  {
    name: `the ${section} landing data of another olympiad`,
    method: 'GET',
    path: () => `/dashboard/user?section=${section}&olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'the admin landing data',
    method: 'GET',
    path: () => `/dashboard/user?section=admin&olympiadId=${demo.geoDemo}`,
    expect: 403,
  },
  ...reportsOf(() => demo.geoDemo, 403),
  ...overlordTools(),
];

/** A learner of geo-demo: another olympiad's sitting and waiting room, and nobody's reports. */
export const learnerOperationsCalls: Call[] = [
  ...(['state', 'waiting-room', 'paper'] as const).map((step): Call => ({
    name: `another olympiad’s sitting: ${step}`,
    method: 'GET',
    path: () => `/api/sitting/${foreign.olympiadName}/${step}`,
    expect: 404,
  })),
  ...(
    [
      ['POST', 'declaration', { accept: true }],
      ['POST', 'recovery-pin', undefined],
      ['POST', 'recovery-pin/confirm', { pin: '123456' }],
      ['PUT', 'learner-details', { firstName: 'Planted', lastName: 'Learner', grade: 9 }],
      ['POST', 'finish', undefined],
      ['PUT', 'language', { language: 'en' }],
    ] as const
  ).map(([method, step, body]): Call => ({
    name: `another olympiad’s sitting: ${step}`,
    method,
    path: () => `/api/sitting/${foreign.olympiadName}/${step}`,
    ...(body ? { body: () => body } : {}),
    expect: 404,
  })),
  {
    name: 'feedback in another olympiad’s sitting',
    method: 'POST',
    path: () => `/api/sitting/${foreign.olympiadName}/feedback`,
    body: () => ({ rating: 5, comment: 'Planted' }),
    expect: 404,
  },
  {
    name: 'answer in another olympiad’s sitting',
    method: 'PUT',
    path: () => `/api/sitting/${foreign.olympiadName}/answers/${foreign.question}`,
    body: () => ({ value: { type: 'single', optionId: 'a' } }),
    expect: 404,
  },
  ...reportsOf(() => demo.geoDemo, 403),
  {
    name: 'the admin landing data',
    method: 'GET',
    path: () => `/dashboard/user?section=admin&olympiadId=${demo.geoDemo}`,
    expect: 403,
  },
];
