import { describe, expect, it } from 'vitest';
import { actorOf } from '../../test/actors.js';
import { logsPolicy } from './policy.js';

const actions = ['search', 'activityLog', 'appLog', 'loginActivity'] as const;

describe('logsPolicy', () => {
  it('names the overlord alone for every action, as data', () => {
    for (const action of actions) expect(logsPolicy.capabilities[action]).toEqual(['overlord']);
    expect(Object.keys(logsPolicy.capabilities).sort()).toEqual([...actions].sort());
  });

  it('the overlord reads every log', () => {
    const overlord = actorOf('overlord');
    for (const action of actions) expect(logsPolicy.can(overlord, action, null)).toBe(true);
  });

  it('no grant, teacher or learner reads them, whatever olympiad they hold', () => {
    const others = [
      actorOf('admin'),
      actorOf('accountant'),
      actorOf('funding'),
      actorOf('teacher', { schoolId: 10 }),
      actorOf('learner', { schoolId: 10, olympiadId: 1 }),
    ];
    for (const who of others) for (const action of actions) expect(logsPolicy.can(who, action, null)).toBe(false);
  });

  it('nobody reads them while acting as someone else, the overlord acting within an admin’s scope included', () => {
    const scoped = actorOf('overlord', { impersonatorId: 2, olympiadScope: [1] });
    const actingAsOverlord = actorOf('overlord', { impersonatorId: 2 });
    for (const action of actions) {
      expect(logsPolicy.can(scoped, action, null)).toBe(false);
      expect(logsPolicy.can(actingAsOverlord, action, null)).toBe(false);
    }
  });
});
