import { describe, expect, it } from 'vitest';
import { actorOf } from '../../test/actors.js';
import { jobsPolicy } from './policy.js';

describe('the jobs policy', () => {
  it('lets the overlord list every olympiad’s jobs, an admin only their own olympiad’s', () => {
    const admin = actorOf('admin', { grants: [[1, 'admin']] });
    expect(jobsPolicy.can(actorOf('overlord'), 'list', { olympiadId: 2 })).toBe(true);
    expect(jobsPolicy.can(admin, 'list', { olympiadId: 1 })).toBe(true);
    expect(jobsPolicy.can(admin, 'list', { olympiadId: 2 })).toBe(false);
  });

  it('keeps finance staff, teachers and learners out, even of their own olympiad', () => {
    expect(jobsPolicy.can(actorOf('accountant', { grants: [[1, 'accountant']] }), 'list', { olympiadId: 1 })).toBe(
      false,
    );
    expect(jobsPolicy.can(actorOf('funding', { grants: [[1, 'funding']] }), 'list', { olympiadId: 1 })).toBe(false);
    expect(jobsPolicy.can(actorOf('teacher', { schoolId: 7 }), 'list', { olympiadId: 1 })).toBe(false);
  });

  it('keeps an admin acting as someone within the olympiads the session may reach', () => {
    const borrowed = actorOf('admin', {
      grants: [
        [1, 'admin'],
        [2, 'admin'],
      ],
      impersonatorId: 9,
      olympiadScope: [1],
    });
    expect(jobsPolicy.can(borrowed, 'list', { olympiadId: 1 })).toBe(true);
    expect(jobsPolicy.can(borrowed, 'list', { olympiadId: 2 })).toBe(false);
  });
});
