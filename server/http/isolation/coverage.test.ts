import { describe, expect, it } from 'vitest';
import type { Role } from '#contract/roles';
import type { Access } from '../route.js';
import { adminCalls } from './admin-calls.js';
import { adminPointingCalls } from './admin-pointing-calls.js';
import { accountantCalls, fundingCalls, learnerCalls } from './finance-and-learner-calls.js';
import {
  adminOperationsCalls,
  financeOperationsCalls,
  learnerOperationsCalls,
  teacherOperationsCalls,
  teamAdminCalls,
} from './operations-calls.js';
import { accountantRecordCalls, adminRecordCalls, learnerRecordCalls, teacherRecordCalls } from './records-calls.js';
import { adminOfFinanceCalls, financeOfAdminCalls, teacherOfAdminCalls } from './staff-calls.js';
import { teacherCalls } from './teacher-calls.js';
import { type Call, passesGate, server, useIsolationServer } from './testing.js';

useIsolationServer();

/**
 * No call is left out of the walk: every operation of the OpenAPI document (and every registered route is one)
 * that a role bound to an olympiad or a school (admin, accountant, funding, teacher, learner) may call is made by
 * that role's walks with someone else's ids, or is listed below with the reason no such id can be named in it. Two
 * kinds are left out by rule: public calls (no caller to keep apart) and the overlord's alone (the overlord reaches
 * every olympiad; every other role gets the role gate's 403, which server/http/authorization.test.ts asserts for
 * every route and role). A new route, or a route opened to one more role, fails here until it is walked.
 */

/** Each bound role's walks (the team admin's are a teacher's); some are derived from another role's at run time. */
const walksBy = (): Record<Exclude<Role, 'overlord'>, Call[]> => ({
  admin: [...adminCalls, ...adminPointingCalls, ...adminOperationsCalls, ...adminRecordCalls, ...adminOfFinanceCalls()],
  teacher: [
    ...teacherCalls,
    ...teacherOperationsCalls,
    ...teamAdminCalls,
    ...teacherRecordCalls,
    ...teacherOfAdminCalls(),
  ],
  learner: [...learnerCalls, ...learnerOperationsCalls, ...learnerRecordCalls],
  accountant: [
    ...accountantCalls,
    ...financeOperationsCalls('finance'),
    ...accountantRecordCalls,
    ...financeOfAdminCalls('accountant'),
  ],
  funding: [...fundingCalls, ...financeOperationsCalls('funding'), ...financeOfAdminCalls('funding')],
});

/** Operations no walk makes, as `METHOD /path/{param}` (the OpenAPI document's spelling), and why. */
const notWalked: Record<string, string> = {
  // The caller's own session, account or sitting: no id of anyone else can be named.
  'GET /api/auth/me': 'the caller’s own session',
  'PUT /api/me/language': 'the caller’s own language',
  'POST /api/auth/logout': 'the caller’s own session',
  'PUT /api/auth/set-password': 'the caller’s own password',
  'POST /api/auth/stop-impersonating': 'the caller’s own session',
  'GET /teacher/v-rest/me': 'the teacher’s own profile',
  'PUT /teacher/v-rest/me': 'the teacher’s own profile',
  'GET /api/portal/olympiads': 'the olympiads of the teacher’s own school',
  'GET /api/terms-and-conditions/me': 'the caller’s own acceptance',
  'POST /api/terms-and-conditions/accept': 'the caller’s own acceptance',
  'GET /olympiad/results/mine': 'the learner’s own result',
  'GET /api/auth/sessions': 'the caller’s own sessions',
  'POST /api/auth/sessions/end-others': 'the caller’s own sessions',
  'GET /api/auth/two-factor': 'the caller’s own second factor',
  'POST /api/auth/two-factor/setup': 'the caller’s own second factor',
  'POST /api/auth/two-factor/enable': 'the caller’s own second factor',
  'POST /api/auth/two-factor/disable': 'the caller’s own second factor',
  'POST /api/auth/two-factor/recovery-codes': 'the caller’s own second factor',
  // Nobody's record.
  'GET /learner/v-rest/template': 'a blank spreadsheet',
  'GET /question/v-rest/template': 'a blank spreadsheet',
  'GET /igeo-country/v-rest': 'one list of countries for every country olympiad (decision 039)',
  'GET /igeo-country/v-rest/single': 'one list of countries for every country olympiad (decision 039)',
  'GET /igeo-country/v-rest/{id}': 'one list of countries for every country olympiad (decision 039)',
  // Records whose set-up (an issued invoice, a payment, a statement line, flagged attempts, a design, generated
  // certificates, a queued message) belongs to a feature: its own test makes the refusals for someone else's.
  'GET /invoice/api/{id}': 'finance/invoices/invoices.test.ts',
  'GET /invoice/api/{id}/pdf': 'finance/invoices/invoices.test.ts',
  'POST /invoice/api/{id}/mail': 'finance/invoices/invoices.test.ts',
  'GET /invoice/api/issue-all/{jobId}': 'finance/invoices/invoices.test.ts',
  'GET /account/v-rest/{id}': 'finance/accounts/accounts.test.ts',
  'DELETE /payment/api/{id}': 'finance/payments/payments.test.ts',
  'POST /payment/api/statement': 'finance/payments/payments.test.ts (a bank statement file)',
  'PUT /payment/api/statement-lines/{id}/match': 'finance/payments/payments.test.ts',
  'PUT /payment/api/statement-lines/{id}/ignore': 'finance/payments/payments.test.ts',
  'GET /olympiad/moderation/pair': 'results/moderation/decide.test.ts (flagged attempts)',
  'POST /olympiad/moderation/attempt/{attemptId}': 'results/moderation/decide.test.ts (flagged attempts)',
  'PUT /olympiad/results/{olympiadId}': 'results/awards.test.ts (an award rule)',
  'PUT /olympiad/results/{olympiadId}/winners-display': 'public/past.test.ts (a winners display)',
  'POST /olympiad/certificate-config/{id}': 'certificates/config.test.ts (a certificate design)',
  'POST /olympiad/certificate-config/{id}/preview': 'certificates/config.test.ts (a certificate design)',
  'GET /certificates/{id}/pdf': 'certificates/generation.test.ts (generated certificates)',
  'GET /queued-email/{x}': 'mail/mail-api-mass-mail.test.ts (a queued message)',
  // Personal data and sessions: each feature's own test makes the 404 for someone else's, with the rows unchanged.
  'DELETE /api/auth/sessions/{id}': 'auth/auth-own-sessions.test.ts (another user’s session)',
  'POST /teacher/v-rest/{id}/end-sessions': 'auth/auth-own-sessions.test.ts (a teacher the admin does not manage)',
  'GET /learner/v-rest/consent-count': 'learners/consent.test.ts (another olympiad or school)',
  'GET /learner/v-rest/{id}/personal-data': 'learners/personal-data.test.ts (another school’s or olympiad’s learner)',
  'POST /learner/v-rest/{id}/forget': 'learners/personal-data.test.ts (another school’s or olympiad’s learner)',
  'GET /olympiad/retention/{olympiadId}': 'learners/retention.test.ts (another olympiad’s admin)',
  'PUT /olympiad/retention/{olympiadId}': 'learners/retention.test.ts (another olympiad’s admin)',
};

/**
 * Operations a role may call that its own walks do not make (another role's walk does), by role, and why: the
 * walks above cover every other operation a role may call as that role.
 */
const notWalkedBy: Partial<Record<Exclude<Role, 'overlord'>, Record<string, string>>> = {};

const trim = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);
const pattern = (path: string) => new RegExp(`^${trim(path).replace(/\{[^}]+\}/g, '[^/]+')}$`);

describe('the isolation walk covers every call', () => {
  it('walks every operation a role bound to an olympiad or a school may call, or says why not', async () => {
    const docs = await server.api('GET', '/api/docs/json');
    expect(docs.status).toBe(200);
    const access = new Map<string, Access>(
      server.app.apiRoutes.map((r) => [`${r.method} ${trim(r.url.replace(/:(\w+)/g, '{$1}'))}`, r.access]),
    );
    const operations: string[] = [];
    for (const [path, methods] of Object.entries(docs.body.paths as Record<string, Record<string, unknown>>)) {
      if (path.startsWith('/api/docs')) continue;
      for (const method of Object.keys(methods)) operations.push(`${method.toUpperCase()} ${trim(path)}`);
    }
    expect(operations.length).toBeGreaterThan(200);

    // Every route the server registered is an operation of the document (none hidden from this check).
    const undocumented = [...access.keys()].filter((op) => !op.includes('/api/docs') && !operations.includes(op));
    expect(undocumented, 'registered routes missing from the OpenAPI document').toEqual([]);

    // Each walked call names one operation: the most specific path that matches (a fixed segment before {id}).
    const walkedBy = new Map<Role, Set<string>>();
    const unmatched: string[] = [];
    for (const [role, calls] of Object.entries(walksBy()) as Array<[Role, Call[]]>) {
      const mine = new Set<string>();
      walkedBy.set(role, mine);
      for (const call of calls) {
        const path = trim(call.path().split('?')[0]!);
        const match = operations
          .filter((op) => op.startsWith(`${call.method} `) && pattern(op.slice(call.method.length + 1)).test(path))
          .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
        if (match) mine.add(match);
        else unmatched.push(`${role}: ${call.method} ${path} (${call.name})`);
      }
    }
    expect(unmatched, 'walked calls that are no operation of the API').toEqual([]);
    const walked = new Set([...walkedBy.values()].flatMap((ops) => [...ops]));

    const byRule = (op: string) => {
      const a = access.get(op);
      return a === 'public' || (Array.isArray(a) && a.length === 1 && a[0] === 'overlord');
    };
    const missing = operations.filter((op) => !walked.has(op) && !byRule(op) && !(op in notWalked));
    expect(missing, 'operations neither walked nor listed in notWalked with a reason').toEqual([]);
    const stale = Object.keys(notWalked).filter((op) => !operations.includes(op) || walked.has(op) || byRule(op));
    expect(stale, 'notWalked entries that are walked, left out by rule, or no operation').toEqual([]);

    // And for each role: an operation the role may call is walked as that role, or listed with its reason.
    const missingForRole: string[] = [];
    const staleForRole: string[] = [];
    for (const [role, ops] of walkedBy) {
      const listed = notWalkedBy[role as keyof typeof notWalkedBy] ?? {};
      const may = (op: string) => passesGate(access.get(op)!, role);
      for (const op of operations)
        if (may(op) && !byRule(op) && !ops.has(op) && !(op in notWalked) && !(op in listed))
          missingForRole.push(`${role}: ${op}`);
      for (const op of Object.keys(listed))
        if (!operations.includes(op) || !may(op) || ops.has(op) || op in notWalked) staleForRole.push(`${role}: ${op}`);
    }
    expect(missingForRole, 'operations a role may call that its walks do not make, nor notWalkedBy lists').toEqual([]);
    expect(staleForRole, 'notWalkedBy entries the role walks, may not call, or that are no operation').toEqual([]);
  });
});
