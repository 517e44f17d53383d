import { describe, expect, it } from 'vitest';
import { actorOf } from '../../test/actors.js';
import { certificatesPolicy } from './policy.js';

/** Olympiad 1 is the admin's; olympiad 2 is someone else's. School 10 is the teacher's; school 20 another. */
const overlord = actorOf('overlord');
const admin = actorOf('admin');
const accountant = actorOf('accountant');
const funding = actorOf('funding');
const teacher = actorOf('teacher', { schoolId: 10 });
const learner = actorOf('learner', { schoolId: 10, olympiadId: 1 });
/** An admin of olympiad 1 acting as the teacher of school 10: only olympiad 1 is within reach. */
const actingTeacher = actorOf('teacher', { schoolId: 10, impersonatorId: 99, olympiadScope: [1] });

const published = '2026-01-10T10:00:00.000Z';
const ownSchoolPublished = { olympiadId: 1, schoolId: 10, publishedAt: published };
const ownSchoolUnpublished = { olympiadId: 1, schoolId: 10, publishedAt: null };
const otherSchoolPublished = { olympiadId: 1, schoolId: 20, publishedAt: published };
const staffActions = ['design', 'generate', 'browse', 'download', 'see'] as const;

describe('certificatesPolicy', () => {
  it('names who holds each action as data', () => {
    expect(certificatesPolicy.capabilities).toEqual({
      see: ['overlord', 'admin', 'teacher'],
      design: ['overlord', 'admin'],
      generate: ['overlord', 'admin'],
      browse: ['overlord', 'admin'],
      download: ['overlord', 'admin', 'teacher'],
      ownSchool: ['teacher'],
    });
  });

  it('an olympiad’s admins design, generate, browse and download its certificates, not another olympiad’s', () => {
    for (const action of staffActions) {
      expect(certificatesPolicy.can(admin, action, { olympiadId: 1 })).toBe(true);
      expect(certificatesPolicy.can(admin, action, { olympiadId: 2 })).toBe(false);
      expect(certificatesPolicy.can(overlord, action, { olympiadId: 2 })).toBe(true);
    }
    expect(certificatesPolicy.can(admin, 'ownSchool', ownSchoolPublished)).toBe(false);
  });

  it('other grants and learners hold nothing', () => {
    for (const who of [accountant, funding, learner])
      for (const action of [...staffActions, 'ownSchool'] as const)
        expect(certificatesPolicy.can(who, action, ownSchoolPublished)).toBe(false);
  });

  it('a teacher sees their own school’s certificates, and downloads them only once the results are published', () => {
    expect(certificatesPolicy.flags(teacher, ownSchoolPublished, ['see', 'ownSchool', 'download'])).toEqual({
      see: true,
      ownSchool: true,
      download: true,
    });
    expect(certificatesPolicy.can(teacher, 'see', ownSchoolUnpublished)).toBe(true);
    expect(certificatesPolicy.can(teacher, 'download', ownSchoolUnpublished)).toBe(false);
    for (const action of ['design', 'generate', 'browse'] as const)
      expect(certificatesPolicy.can(teacher, action, ownSchoolPublished)).toBe(false);
  });

  it('a teacher holds nothing of another school', () => {
    for (const action of ['see', 'ownSchool', 'download'] as const)
      expect(certificatesPolicy.can(teacher, action, otherSchoolPublished)).toBe(false);
  });

  it('someone acting as the teacher is held to their scope', () => {
    expect(certificatesPolicy.can(actingTeacher, 'download', ownSchoolPublished)).toBe(true);
    expect(certificatesPolicy.can(actingTeacher, 'download', { ...ownSchoolPublished, olympiadId: 2 })).toBe(false);
    expect(certificatesPolicy.can(actingTeacher, 'see', { ...ownSchoolPublished, olympiadId: 2 })).toBe(false);
  });

  it('an overlord acting within an admin’s scope reaches only that scope', () => {
    const scoped = actorOf('overlord', { impersonatorId: 2, olympiadScope: [1] });
    expect(certificatesPolicy.can(scoped, 'generate', { olympiadId: 1 })).toBe(true);
    expect(certificatesPolicy.can(scoped, 'generate', { olympiadId: 2 })).toBe(false);
  });
});
