import { describe, expect, it } from 'vitest';
import { passes } from '../../http/policy.js';
import { actorOf } from '../../test/actors.js';
import { systemConfigPolicy } from './policy.js';

const overlord = actorOf('overlord');
const others = [
  actorOf('admin'),
  actorOf('accountant'),
  actorOf('funding'),
  actorOf('teacher', { schoolId: 10 }),
  actorOf('learner', { schoolId: 10, olympiadId: 1 }),
];

describe('systemConfigPolicy', () => {
  it('names who holds each action as data', () => {
    expect(systemConfigPolicy.capabilities).toEqual({
      read: ['overlord'],
      update: ['overlord'],
      readPublic: 'public',
    });
  });

  it('the overlord reads and changes the settings; no other role does', () => {
    expect(systemConfigPolicy.flags(overlord, null, ['read', 'update'])).toEqual({ read: true, update: true });
    for (const who of others)
      expect(systemConfigPolicy.flags(who, null, ['read', 'update'])).toEqual({ read: false, update: false });
  });

  it('every page reads the banner, signed in or not', () => {
    expect(passes(systemConfigPolicy.access.readPublic, null)).toBe(true);
    expect(passes(systemConfigPolicy.access.read, null)).toBe(false);
    for (const who of [overlord, ...others]) expect(systemConfigPolicy.can(who, 'readPublic', null)).toBe(true);
  });
});
