import { describe, expect, it } from 'vitest';
import { actorOf } from '../../test/actors.js';
import { winnersPolicy } from './policy.js';

/** Olympiad 1 is the admin's; olympiad 2 is someone else's. */
describe('winnersPolicy', () => {
  it('names who configures the public winners as data', () => {
    expect(winnersPolicy.capabilities).toEqual({ configure: ['overlord', 'admin'] });
  });

  it('an olympiad’s admins configure its winners, not another olympiad’s; the overlord every one', () => {
    expect(winnersPolicy.can(actorOf('admin'), 'configure', { olympiadId: 1 })).toBe(true);
    expect(winnersPolicy.can(actorOf('admin'), 'configure', { olympiadId: 2 })).toBe(false);
    expect(winnersPolicy.can(actorOf('overlord'), 'configure', { olympiadId: 2 })).toBe(true);
  });

  it('an admin role holds only the olympiads it was granted', () => {
    const accountantOf1AdminOf2 = actorOf('admin', {
      grants: [
        [1, 'accountant'],
        [2, 'admin'],
      ],
    });
    expect(winnersPolicy.can(accountantOf1AdminOf2, 'configure', { olympiadId: 1 })).toBe(false);
    expect(winnersPolicy.can(accountantOf1AdminOf2, 'configure', { olympiadId: 2 })).toBe(true);
  });

  it('other grants, teachers and learners configure nothing', () => {
    const others = [
      actorOf('accountant'),
      actorOf('funding'),
      actorOf('teacher', { schoolId: 10 }),
      actorOf('learner', { schoolId: 10, olympiadId: 1 }),
    ];
    for (const who of others) expect(winnersPolicy.can(who, 'configure', { olympiadId: 1 })).toBe(false);
  });

  it('an overlord acting within an admin’s scope is held to it', () => {
    const scoped = actorOf('overlord', { impersonatorId: 2, olympiadScope: [1] });
    expect(winnersPolicy.can(scoped, 'configure', { olympiadId: 1 })).toBe(true);
    expect(winnersPolicy.can(scoped, 'configure', { olympiadId: 2 })).toBe(false);
  });
});
