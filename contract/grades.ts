import { z } from 'zod';
import { said, wordMessage } from './messages.js';

/**
 * Grades (decision 045): the product knows South African school grades 1 to 12, and each olympiad is for a range of
 * them (`minGrade` to `maxGrade`, e.g. 8 to 12). Every place a grade is chosen or accepted for an olympiad offers and
 * accepts only its range; the words for it are written here once.
 */

export const GRADE_MIN = 1;
export const GRADE_MAX = 12;

/** An olympiad's grades, lowest and highest, both included. */
export interface GradeRange {
  minGrade: number;
  maxGrade: number;
}

/** Every grade the product knows: the range of an olympiad that never set one. */
export const ALL_GRADES: GradeRange = { minGrade: GRADE_MIN, maxGrade: GRADE_MAX };

/** The grades of a range, lowest first. */
export const gradesOf = (r: GradeRange): number[] =>
  Array.from({ length: Math.max(0, r.maxGrade - r.minGrade + 1) }, (_, i) => r.minGrade + i);

export const inGradeRange = (grade: number, r: GradeRange) => grade >= r.minGrade && grade <= r.maxGrade;

/** "grade 12", "grades 8 to 12". */
export const gradeRangeText = (r: GradeRange) =>
  r.minGrade === r.maxGrade ? `grade ${r.minGrade}` : `grades ${r.minGrade} to ${r.maxGrade}`;

/**
 * What a person reads when a grade is outside the olympiad's range, in the forms and from the server alike, in the
 * reader's language when it is worded (contract/messages.ts).
 */
export const outsideGrades = (r: GradeRange) =>
  r.minGrade === r.maxGrade
    ? wordMessage('validation.grade.outsideOne', `This olympiad is for ${gradeRangeText(r)}`, { grade: r.minGrade })
    : wordMessage('validation.grade.outside', `This olympiad is for ${gradeRangeText(r)}`, {
        min: r.minGrade,
        max: r.maxGrade,
      });

const gradesGo = {
  error: () =>
    wordMessage('validation.grade.range', `Grades go from ${GRADE_MIN} to ${GRADE_MAX}`, {
      min: GRADE_MIN,
      max: GRADE_MAX,
    }),
};

/** A grade as typed or chosen: a whole number from 1 to 12 (the server then holds it to the olympiad's range). */
export const Grade = z.coerce
  .number(said('validation.grade.number', 'Enter the grade as a number'))
  .int(said('validation.grade.whole', 'Enter the grade as a whole number'))
  .min(GRADE_MIN, gradesGo)
  .max(GRADE_MAX, gradesGo);

/** A grade of one olympiad: the forms' rule, the same the server applies. */
export const gradeWithin = (r: GradeRange) =>
  z.coerce
    .number(said('validation.grade.choose', 'Choose the grade'))
    .int(said('validation.grade.whole', 'Enter the grade as a whole number'))
    .min(r.minGrade, { error: () => outsideGrades(r) })
    .max(r.maxGrade, { error: () => outsideGrades(r) });

/** An olympiad's lowest or highest grade, as its editors set it. */
export const gradeBound = (which: 'lowest' | 'highest') =>
  z
    .number(`Choose the ${which} grade`)
    .int('Use a whole grade')
    .min(GRADE_MIN, `Grades go from ${GRADE_MIN} to ${GRADE_MAX}`)
    .max(GRADE_MAX, `Grades go from ${GRADE_MIN} to ${GRADE_MAX}`);

/** A range whose two ends are given must not end below where it starts (the message goes on `maxGrade`). */
export const gradeRangeRule = (v: { minGrade?: number | undefined; maxGrade?: number | undefined }) =>
  v.minGrade === undefined || v.maxGrade === undefined || v.minGrade <= v.maxGrade;
export const gradeRangeIssue = {
  message: 'The highest grade cannot be below the lowest',
  path: ['maxGrade'],
};
