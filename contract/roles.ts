import { z } from 'zod';

/** Every role of the platform (docs/spec.md §1). A user has exactly one. */
export const roles = ['overlord', 'admin', 'accountant', 'funding', 'teacher', 'learner'] as const;
export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

/** Roles that are granted per olympiad: a user holds them only in the olympiads they were granted. */
export const grantRoles = ['admin', 'accountant', 'funding'] as const;
export const GrantRole = z.enum(grantRoles);
export type GrantRole = z.infer<typeof GrantRole>;

/** `learner` for learners, `staff` for everyone else. */
export const LoginType = z.enum(['learner', 'staff']);
export type LoginType = z.infer<typeof LoginType>;

/**
 * Words that start an API path or a top-level page. An olympiad's varName and a project's
 * projectName can never be one of these, so `/{name}/…` routes stay unambiguous.
 */
export const reservedNames = [
  'api',
  'olympiad',
  'olympiads',
  'overlord',
  'portal',
  'login',
  'logout',
  'school',
  'schools',
  'user',
  'users',
  'olympus',
  'olympus-suite',
  'verify-email',
  'verify',
  'unsubscribe',
  'bounce',
  'purchase-order',
  'account',
  'website',
  'participant',
  'certificates',
  'queued-email',
  'attachment',
  'upload',
  'uploads',
  'assets',
  'static',
  'faq',
  'testimonial',
  'dashboard',
  'expression-of-interest',
  'interest',
  'teacher-expression',
  'teacher',
  'learner',
  'admin',
  'finance',
  'funding',
  'docs',
  'health',
  'index.html',
  'favicon.ico',
  'robots.txt',
  'welcome',
  'copy',
  'emailer',
  'question',
  'question-module',
  'useful-contact',
  'igeo-country',
  'igeo-country-participant',
  'school-participant',
  'olympiad-grant',
  'olympus-project',
  'olympus-sub-project',
  'not-found',
  'home',
  'about',
  'contact',
] as const;

/** A varName or projectName: lower-case words joined by hyphens, not reserved. */
export const UrlName = z
  .string()
  .min(2)
  .max(60)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens, e.g. geo-2026')
  .refine((name) => !(reservedNames as readonly string[]).includes(name), {
    message: 'This name is reserved by the platform; choose another',
  });
