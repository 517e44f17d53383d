import { describe, expect, it } from 'vitest';
import { actorOf } from '../../test/actors.js';
import { faqPolicy, type FaqRecord } from './policy.js';

const olympiadFaq = (olympiadId: number, published = true): FaqRecord => ({
  audience: 'olympiad',
  olympiadId,
  projectId: null,
  published,
});
const portalFaq: FaqRecord = { audience: 'portal', olympiadId: null, projectId: null, published: true };
const projectFaq: FaqRecord = { audience: 'project', olympiadId: null, projectId: 3, published: true };

describe('the FAQ policy', () => {
  const overlord = actorOf('overlord');
  const admin = actorOf('admin', { grants: [[1, 'admin']] });
  const accountant = actorOf('accountant', { grants: [[1, 'accountant']] });
  const teacher = actorOf('teacher', { schoolId: 7 });

  it('lets the overlord edit every group, an admin only their olympiad’s', () => {
    for (const faq of [olympiadFaq(1), olympiadFaq(2), portalFaq, projectFaq])
      expect(faqPolicy.can(overlord, 'edit', faq)).toBe(true);
    expect(faqPolicy.can(admin, 'edit', olympiadFaq(1))).toBe(true);
    expect(faqPolicy.can(admin, 'edit', olympiadFaq(2))).toBe(false);
    expect(faqPolicy.can(admin, 'edit', portalFaq)).toBe(false);
    expect(faqPolicy.can(admin, 'edit', projectFaq)).toBe(false);
    expect(faqPolicy.can(accountant, 'edit', olympiadFaq(1))).toBe(false);
    expect(faqPolicy.can(teacher, 'edit', portalFaq)).toBe(false);
  });

  it('lets a teacher read published FAQs for all teachers and their portal’s olympiads only', () => {
    const reading = (faq: FaqRecord) => ({ ...faq, readerOlympiadIds: [1] });
    expect(faqPolicy.can(teacher, 'read', reading(portalFaq))).toBe(true);
    expect(faqPolicy.can(teacher, 'read', reading(olympiadFaq(1)))).toBe(true);
    expect(faqPolicy.can(teacher, 'read', reading(olympiadFaq(2)))).toBe(false);
    expect(faqPolicy.can(teacher, 'read', reading(olympiadFaq(1, false)))).toBe(false);
    expect(faqPolicy.can(teacher, 'read', reading(projectFaq))).toBe(false);
    expect(faqPolicy.can(accountant, 'read', portalFaq)).toBe(false);
  });

  it('keeps an admin acting as someone within the olympiads they administer', () => {
    const borrowed = actorOf('admin', {
      grants: [
        [1, 'admin'],
        [2, 'admin'],
      ],
      impersonatorId: 9,
      olympiadScope: [1],
    });
    expect(faqPolicy.can(borrowed, 'edit', olympiadFaq(1))).toBe(true);
    expect(faqPolicy.can(borrowed, 'edit', olympiadFaq(2))).toBe(false);
  });

  it('derives route access from the capabilities and gives the web its flags', () => {
    expect(faqPolicy.access.edit).toEqual(['overlord', 'admin']);
    expect(faqPolicy.flags(admin, olympiadFaq(1), ['edit', 'read'])).toEqual({ edit: true, read: true });
    expect(faqPolicy.flags(admin, olympiadFaq(2), ['edit', 'read'])).toEqual({ edit: false, read: false });
  });
});
