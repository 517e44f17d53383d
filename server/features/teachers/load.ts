import type { Actor } from '../../http/actor.js';
import { defineLoader } from '../../http/load.js';
import { reach, type Reach } from '../../http/reach.js';
import { teachersPolicy } from './policy.js';
import * as queries from './queries.js';

/** One teacher, scoped to the actor: one they may not see or act on is a 404 ("This teacher was not found"). */
export const teacherLoader = defineLoader({
  what: 'This teacher',
  policy: teachersPolicy,
  find: (q, id: number) => queries.findTeacher(q, id),
});

/** The signed-in teacher's own account. */
export const profileLoader = defineLoader({
  what: 'Your profile',
  policy: teachersPolicy,
  find: (q, id: number) => queries.findTeacher(q, id),
});

/** A school a teacher joins, named in a 404 as `what`: one whose teacher accounts the actor does not manage. */
const schoolNamed = (what: string) =>
  defineLoader({
    what,
    policy: teachersPolicy,
    find: async (q, id: number) => {
      const school = await queries.findSchool(q, id);
      return school && { ...school, schoolId: school.id };
    },
  });

/** The school a teacher is added to, and the one a teacher moves to. */
export const schoolLoader = schoolNamed('This school');
export const newSchoolLoader = schoolNamed('The new school');

/** The teachers a list shows: those of the schools in the actor's olympiads (or the one named; 404 outside). */
export const teachersReach = (actor: Actor, olympiadId?: number): Reach =>
  reach(actor, teachersPolicy.access.list, olympiadId);
