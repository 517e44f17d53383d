import { describe, expect, it } from 'vitest';
import { actorOf } from '../../test/actors.js';
import { userFlags, usersPolicy } from './policy.js';

const overlord = actorOf('overlord', { userId: 1 });
const otherAccount = { id: 2 };
const ownAccount = { id: 1 };
/** The actions on staff accounts; choosing one's own language is everyone's and is tested on its own below. */
const actions = (Object.keys(usersPolicy.capabilities) as (keyof typeof usersPolicy.capabilities)[]).filter(
  (action) => action !== 'ownLanguage',
);

describe('usersPolicy', () => {
  it('names the overlord alone for every action, as data', () => {
    expect(actions.sort()).toEqual(
      ['changeRole', 'create', 'disable', 'edit', 'endSessions', 'list', 'mail', 'see'].sort(),
    );
    for (const action of actions) expect(usersPolicy.capabilities[action]).toEqual(['overlord']);
  });

  it('the overlord does everything with another account', () => {
    for (const action of actions) expect(usersPolicy.can(overlord, action, otherAccount)).toBe(true);
  });

  it('the overlord never changes their own role nor disables themselves, but edits, mails and ends sessions', () => {
    expect(usersPolicy.can(overlord, 'changeRole', ownAccount)).toBe(false);
    expect(usersPolicy.can(overlord, 'disable', ownAccount)).toBe(false);
    expect(usersPolicy.flags(overlord, ownAccount, userFlags)).toEqual({
      edit: true,
      disable: false,
      mail: true,
      endSessions: true,
    });
    expect(usersPolicy.can(actorOf('overlord', { userId: 3 }), 'disable', ownAccount)).toBe(true);
  });

  it('no grant, teacher or learner manages staff accounts, their own included', () => {
    const others = [
      actorOf('admin', { userId: 2 }),
      actorOf('accountant', { userId: 2 }),
      actorOf('funding', { userId: 2 }),
      actorOf('teacher', { schoolId: 10, userId: 2 }),
      actorOf('learner', { schoolId: 10, olympiadId: 1, userId: 2 }),
    ];
    for (const who of others)
      for (const action of actions) {
        expect(usersPolicy.can(who, action, otherAccount)).toBe(false);
        expect(usersPolicy.can(who, action, ownAccount)).toBe(false);
      }
  });

  it('everyone who is signed in chooses their own language', () => {
    expect(usersPolicy.capabilities.ownLanguage).toBe('signedIn');
    for (const who of [
      overlord,
      actorOf('admin', { userId: 2 }),
      actorOf('teacher', { schoolId: 10, userId: 2 }),
      actorOf('learner', { schoolId: 10, olympiadId: 1, userId: 2 }),
    ])
      expect(usersPolicy.can(who, 'ownLanguage', ownAccount)).toBe(true);
  });
});
