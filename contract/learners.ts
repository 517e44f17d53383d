import { z } from 'zod';
import { PageQuery } from './errors.js';

/** Learners of a school in an olympiad, loaded one by one or from a spreadsheet (issue 5, part 6). */

export const GRADE_MIN = 1;
export const GRADE_MAX = 12;

export const Grade = z.coerce
  .number('Enter the grade as a number')
  .int('Enter the grade as a whole number')
  .min(GRADE_MIN, `Grades go from ${GRADE_MIN} to ${GRADE_MAX}`)
  .max(GRADE_MAX, `Grades go from ${GRADE_MIN} to ${GRADE_MAX}`);

export const LearnerInput = z.strictObject({
  firstName: z.string().trim().min(1, 'Enter the first name').max(100),
  lastName: z.string().trim().min(1, 'Enter the surname').max(100),
  grade: Grade,
});

export const NewLearnerBody = LearnerInput.extend({
  olympiadId: z.number().int().positive(),
  /** Teachers: their own school (may be left out). Admins: the school to add to. */
  schoolId: z.number().int().positive().optional(),
}).strict();

export const Learner = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  grade: z.number().int().nullable(),
  schoolId: z.number().int().nullable(),
  schoolName: z.string().nullable(),
  olympiadId: z.number().int(),
  /** Is the generated first password still the learner's password (so a slip can show it)? */
  hasSlipPassword: z.boolean(),
});
export type Learner = z.infer<typeof Learner>;

export const learnerSorts = ['lastName', 'firstName', 'grade', 'username', 'schoolName'] as const;
export const LearnerListQuery = PageQuery.extend({
  olympiadId: z.coerce.number().int().positive(),
  schoolId: z.coerce.number().int().positive().optional(),
  sort: z.enum(learnerSorts).optional(),
}).strict();

/** Where an import, a template or slips are for: the olympiad, and the school (admins name it). */
export const LearnerScopeQuery = z.strictObject({
  olympiadId: z.coerce.number().int().positive(),
  schoolId: z.coerce.number().int().positive().optional(),
});
export const TemplateQuery = z.strictObject({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

/** A learner just created: the only time the password is in an answer besides the slips. */
export const CreatedLearner = z.object({
  id: z.number().int(),
  username: z.string(),
  password: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  grade: z.number().int(),
});
export type CreatedLearner = z.infer<typeof CreatedLearner>;

export const ImportRowError = z.object({
  /** The spreadsheet's row number (the header is row 1). */
  row: z.number().int(),
  field: z.enum(['firstName', 'lastName', 'grade', 'row']),
  message: z.string(),
  value: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

export const ImportReport = z.object({
  success: z.literal(true),
  fileName: z.string(),
  /** Learner rows read (blank rows are skipped). */
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  errors: z.array(ImportRowError),
  /** The first valid rows, as they will be saved. */
  sample: z.array(
    z.object({ row: z.number().int(), firstName: z.string(), lastName: z.string(), grade: z.number().int() }),
  ),
  /** The encoding the file was read in (csv). */
  encoding: z.string(),
});
export type ImportReport = z.infer<typeof ImportReport>;

export const ImportResult = z.object({
  success: z.literal(true),
  message: z.string(),
  created: z.number().int(),
});
