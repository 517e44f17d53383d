import { describe, expect, it } from 'vitest';
import { SessionUser } from '#contract/index';
import { isSessionUser } from './user-shape.js';

/** The web app reads the stored user with a hand-written check (no zod on the learner's page, decision 016). */
describe('the stored user’s hand-written shape check', () => {
  const user = {
    success: true,
    id: 7,
    username: 'learner1',
    name: 'Lerato Learner',
    email: null,
    role: 'learner',
    olympiadId: 3,
    olympiadName: 'geo-demo',
    schoolId: 2,
    grants: [{ olympiadId: 3, olympiadName: 'geo-demo', olympiadTitle: 'Geo', role: 'admin' }],
    home: '/geo-demo/olympiad/instructions',
    impersonator: { id: 1, username: 'admin', name: 'Admin' },
    accessToken: { token: 'abc', expiresAt: '2026-11-22T10:00:00.000Z' },
  };
  const variants: [string, unknown][] = [
    ['a whole user', user],
    ['no impersonator, no grants', { ...user, impersonator: null, grants: [] }],
    ['not an object', 'user'],
    ['null', null],
    ['success false', { ...user, success: false }],
    ['an unknown role', { ...user, role: 'pirate' }],
    ['a grant of a role that is not granted', { ...user, grants: [{ ...user.grants[0], role: 'learner' }] }],
    ['a fractional id', { ...user, id: 1.5 }],
    ['no token', { ...user, accessToken: { expiresAt: 'x' } }],
    ['no email field', { ...user, email: undefined }],
    ['a broken impersonator', { ...user, impersonator: { id: 1 } }],
    ['grants not a list', { ...user, grants: {} }],
  ];

  it.each(variants)('agrees with the contract’s SessionUser schema: %s', (_name, value) => {
    expect(isSessionUser(value)).toBe(SessionUser.safeParse(value).success);
  });
});
