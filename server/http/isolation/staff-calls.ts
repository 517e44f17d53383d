import { adminCalls } from './admin-calls.js';
import { accountantCalls, fundingCalls } from './finance-and-learner-calls.js';
import { adminOperationsCalls } from './operations-calls.js';
import { adminRecordCalls } from './records-calls.js';
import { expect } from 'vitest';
import type { ApiResponse } from '../../test/harness.js';
import { type Call, callableBy, demo, foreign, routeOf } from './testing.js';

/** The finance roles: bound to olympiads as an admin is, reading and keeping less. */
export type FinanceRole = 'accountant' | 'funding';

/**
 * The admin's calls that name the caller's own record (pointing it at another olympiad's), where a finance role
 * meets a rule of the feature before the foreign id is looked at: processing an expression of interest is the
 * olympiad's admins' (its 403 says they may decline it). Their other call, on another olympiad's EOI, answers 404.
 */
const ownRecordRefused = (name: string) => name.startsWith('process their own EOI');

/** Lists and counts any staff role of the admin's olympiad may ask for, with or of another olympiad. */
const financeLists: Call[] = [
  {
    name: 'list olympiads: only their own',
    method: 'GET',
    path: () => '/olympiad/v-rest/?pageSize=100',
    expect: (res: ApiResponse) => {
      expect(res.status).toBe(200);
      const ids = res.body.items.map((x: { id: number }) => x.id);
      expect(ids).toContain(demo.geoDemo);
      expect(ids).not.toContain(foreign.olympiad);
      expect(ids).not.toContain(foreign.igeo);
    },
  },
  {
    name: 'count the audience of another olympiad',
    method: 'POST',
    path: () => '/emailer/api/audience-count',
    body: () => ({ olympiadId: foreign.olympiad, audience: { kind: 'all-teachers' } }),
    expect: 404,
  },
  {
    name: 'list another olympiad’s purchase orders',
    method: 'GET',
    path: () => `/purchase-order/api/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
];

/**
 * The admin's walks name another olympiad's records by id, each answering the admin 404. The accountant and funding
 * staff of the admin's olympiad must get the same 404 with nothing changed, wherever their role may make the call
 * at all (where it may not, the role gate's 403 is asserted for every route and role by
 * server/http/authorization.test.ts). So a call an admin's walk makes is walked for the finance roles too, and a
 * route later opened to them is walked with no list to keep.
 */
export const financeOfAdminCalls = (role: FinanceRole): Call[] =>
  callableBy(role, [
    ...[...adminCalls, ...adminOperationsCalls, ...adminRecordCalls].filter((call) => call.expect === 404),
    ...financeLists,
  ]).map((call) => ({
    ...call,
    name: `${call.name} (the admin’s call)`,
    ...(ownRecordRefused(call.name) ? { expect: 403 as const } : {}),
  }));

/**
 * The other way round: the accountant's and funding staff's calls that name another olympiad's records (or point
 * their own at one), made by the admin, whose role reaches every such route of their olympiad. A refusal by role
 * (403) is the finance role's, not the admin's, so those are left to the finance walks.
 */
export const adminOfFinanceCalls = (): Call[] => [
  ...callableBy(
    'admin',
    [...accountantCalls, ...fundingCalls].filter((call) => typeof call.expect === 'number' && call.expect !== 403),
  ).map((call) => ({ ...call, name: `${call.name} (the finance roles’ call)` })),
  {
    name: 'slips of another olympiad (PDF)',
    method: 'GET',
    path: () => `/learner/v-rest/slips.pdf?olympiadId=${foreign.olympiad}&schoolId=${foreign.olympiadSchool}`,
    expect: 404,
  },
];

/** Routes a teacher reads across olympiads by rule: the published FAQs of the olympiads their portal shows. */
const teacherReadsByRule = new Set(['GET /faq/v-rest/', 'GET /faq/v-rest/:id']);

/** A list that holds none of another olympiad's rows: a teacher's list is their own school's. */
const noneOfTheirs = (res: ApiResponse) => {
  if (res.status === 404) return;
  expect(res.status).toBe(200);
  expect(res.body.items).toEqual([]);
};

/**
 * The admin's 404 calls made by a teacher of the admin's olympiad, wherever a teacher may make them: a record of
 * another olympiad answers 404, and a list of another olympiad answers 404 or holds none of its rows. Their own
 * walks (teacher-calls.ts and the others) name another school's records of their olympiad.
 */
export const teacherOfAdminCalls = (): Call[] =>
  callableBy(
    'teacher',
    [...adminCalls, ...adminOperationsCalls, ...adminRecordCalls].filter((call) => call.expect === 404),
  )
    .concat({
      name: 'list the purchase orders of an olympiad their school is not in',
      method: 'GET',
      path: () => `/purchase-order/api/?olympiadId=${foreign.olympiad}`,
      expect: 404,
    })
    .flatMap((call) => {
      const route = routeOf(call)!;
      if (teacherReadsByRule.has(`${route.method} ${route.url}`)) return [];
      const list = route.method === 'GET' && !route.url.includes(':');
      return [{ ...call, name: `${call.name} (the admin’s call)`, ...(list ? { expect: noneOfTheirs } : {}) }];
    });
