import type { Grant, SessionUser } from '#contract/index';

/**
 * The stored user's shape, checked by hand: the contract's SessionUser schema, without zod, so a
 * learner's phone does not download zod to read its own session at start-up (decision 016). Keep it in
 * step with SessionUser in contract/auth.ts.
 */
const roles: readonly string[] = ['overlord', 'admin', 'accountant', 'funding', 'teacher', 'learner'];
const grantRoles: readonly string[] = ['admin', 'accountant', 'funding'];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const orNull = (check: (v: unknown) => boolean) => (v: unknown) => v === null || check(v);

function isGrant(v: unknown): v is Grant {
  return (
    isObject(v) &&
    isInt(v.olympiadId) &&
    isString(v.olympiadName) &&
    isString(v.olympiadTitle) &&
    isString(v.role) &&
    grantRoles.includes(v.role)
  );
}

export function isSessionUser(v: unknown): v is SessionUser {
  if (!isObject(v)) return false;
  const { impersonator, accessToken } = v;
  return (
    v.success === true &&
    isInt(v.id) &&
    isString(v.username) &&
    isString(v.name) &&
    orNull(isString)(v.email) &&
    isString(v.role) &&
    roles.includes(v.role) &&
    orNull(isInt)(v.olympiadId) &&
    orNull(isString)(v.olympiadName) &&
    orNull(isInt)(v.schoolId) &&
    Array.isArray(v.grants) &&
    v.grants.every(isGrant) &&
    isString(v.home) &&
    (impersonator === null ||
      (isObject(impersonator) &&
        isInt(impersonator.id) &&
        isString(impersonator.username) &&
        isString(impersonator.name))) &&
    isObject(accessToken) &&
    isString(accessToken.token) &&
    isString(accessToken.expiresAt)
  );
}
