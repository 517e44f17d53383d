import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../http/actor.js';
import { conflict, notFound } from '../../http/errors.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import {
  generatePassword,
  hashGeneratedPassword,
  sealSlipPassword,
  usernameBase,
  usernameCandidate,
} from './credentials.js';
import { learnersPolicy } from './policy.js';
import * as queries from './queries.js';
import { type CheckedRow, checkRows, learnerKey, type ReadSheet } from './spreadsheet.js';
import type { Queryable } from '../../db/client.js';

export interface Scope {
  olympiad: { id: number; varName: string; title: string };
  school: { id: number; name: string };
}

/**
 * Where the actor works on learners: a teacher in their own school; an admin in the school they name.
 * Anything outside answers 404; a school not entered in the olympiad answers 409 (enter it first), but for a
 * teacher only when the olympiad is in their portal (still taking entries).
 */
export async function resolveScope(
  app: FastifyInstance,
  actor: Actor,
  olympiadId: number,
  schoolId: number | undefined,
): Promise<Scope> {
  const olympiad = await queries.findOlympiad(app.db, olympiadId);
  if (!olympiad) throw notFound('This olympiad');
  const scope = learnersPolicy.schoolScope(actor, olympiad.id, schoolId);
  if (scope?.schoolId == null) throw notFound('This school');
  const school = await queries.findSchool(app.db, scope.schoolId);
  if (!school) throw notFound('This school');
  const entry = await queries.findEntry(app.db, olympiad.id, school.id);
  if (!entry) {
    // A teacher knows only their portal's olympiads: those their school entered and the school olympiads still
    // taking entries. Any other olympiad answers as if it did not exist (its title is not theirs to learn).
    const takesEntries = olympiad.kind === 'school' && (olympiad.endsAt == null || olympiad.endsAt > new Date());
    if (actor.role === 'teacher' && !takesEntries) throw notFound('This olympiad');
    throw conflict(`${school.name} is not entered in ${olympiad.title} yet: enter it first`);
  }
  return { olympiad, school };
}

/** The scope of a queued import, read again when it runs (the school or olympiad may be gone meanwhile). */
export async function scopeOf(q: Queryable, olympiadId: number, schoolId: number): Promise<Scope> {
  const [olympiad, school] = await Promise.all([queries.findOlympiad(q, olympiadId), queries.findSchool(q, schoolId)]);
  if (!olympiad || !school) throw conflict('The school or the olympiad of this import is gone; nothing was saved');
  return { olympiad, school };
}

export async function existingKeys(q: Queryable, scope: Scope) {
  const rows = await queries.existingNames(q, scope.olympiad.id, scope.school.id);
  return new Set(rows.map((r) => learnerKey(r.firstName, r.lastName, r.grade)));
}

export async function preview(app: FastifyInstance, scope: Scope, sheet: ReadSheet) {
  return checkRows(sheet, await existingKeys(app.db, scope));
}

/** Usernames for new learners: readable, unique in the olympiad (checked in batches against the database). */
async function assignUsernames(
  q: Queryable,
  olympiadId: number,
  people: Array<{ firstName: string; lastName: string }>,
) {
  const result: string[] = new Array(people.length);
  const used = new Set<string>();
  let pending = people.map((_, i) => i);
  for (let attempt = 0; pending.length && attempt < 20; attempt++) {
    const proposals = new Map<number, string>();
    for (const i of pending) {
      let candidate = usernameCandidate(usernameBase(people[i]!.firstName, people[i]!.lastName));
      if (attempt >= 5) candidate = `${candidate}${Math.floor(Math.random() * 10)}`;
      if (!used.has(candidate)) {
        used.add(candidate);
        proposals.set(i, candidate);
      }
    }
    const taken = new Set<string>();
    const list = [...proposals.values()];
    for (let k = 0; k < list.length; k += 5000) {
      for (const t of await queries.takenUsernames(q, olympiadId, list.slice(k, k + 5000))) taken.add(t);
    }
    const next: number[] = [];
    for (const i of pending) {
      const candidate = proposals.get(i);
      if (candidate && !taken.has(candidate)) result[i] = candidate;
      else next.push(i);
    }
    pending = next;
  }
  if (pending.length) throw conflict('Could not find free usernames; please try again');
  return result;
}

/** Reports how far an import is (a background job's progress); never called inside the transaction. */
export type ImportProgress = (done: number, phase?: 'credentials' | 'saving') => Promise<void>;

/** Credentials for new learners: passwords made and hashed (in parallel) outside the transaction. */
export async function makeCredentials(secret: string, count: number, onProgress?: ImportProgress) {
  const passwords = Array.from({ length: count }, generatePassword);
  const hashes: string[] = [];
  for (let i = 0; i < passwords.length; i += 256) {
    hashes.push(...(await Promise.all(passwords.slice(i, i + 256).map(hashGeneratedPassword))));
    await onProgress?.(hashes.length);
  }
  return passwords.map((p, i) => ({
    password: p,
    passwordHash: hashes[i]!,
    initialPasswordEnc: sealSlipPassword(secret, p, hashes[i]!),
  }));
}

/**
 * All or nothing: inside one transaction (the school's entry row locked, so two uploads cannot
 * interleave) the rows are checked again against the learners already there, then inserted.
 */
export async function importLearners(
  app: FastifyInstance,
  actor: AuditActor,
  ip: string | null,
  scope: Scope,
  rows: CheckedRow[],
  action = 'learners.import',
  onProgress?: ImportProgress,
) {
  await onProgress?.(0, 'credentials');
  const credentials = await makeCredentials(app.config.appSecret, rows.length, onProgress);
  // The transaction holds the (PGlite: only) connection: progress is reported before it, never inside.
  await onProgress?.(rows.length, 'saving');
  return app.db.transaction(async (tx) => {
    const entry = await queries.findEntry(tx, scope.olympiad.id, scope.school.id, true);
    if (!entry) throw conflict(`${scope.school.name} is not entered in ${scope.olympiad.title}`);
    const existing = await existingKeys(tx, scope);
    const clash = rows.find((r) => existing.has(learnerKey(r.firstName, r.lastName, r.grade)));
    if (clash)
      throw conflict(
        `Row ${clash.row}: ${clash.firstName} ${clash.lastName} was loaded meanwhile. Check the file again.`,
      );
    const usernames = await assignUsernames(tx, scope.olympiad.id, rows);
    const ids = await queries.insertLearners(
      tx,
      scope.olympiad.id,
      scope.school.id,
      rows.map((r, i) => ({
        username: usernames[i]!,
        firstName: r.firstName,
        lastName: r.lastName,
        grade: r.grade,
        passwordHash: credentials[i]!.passwordHash,
        initialPasswordEnc: credentials[i]!.initialPasswordEnc,
      })),
    );
    if (ids.length) await queries.setEntryStatus(tx, entry.id, 'learners_loaded');
    await audit(tx, actor, {
      action,
      entity: 'school_participant',
      entityId: entry.id,
      olympiadId: scope.olympiad.id,
      ip,
      data: { schoolId: scope.school.id, created: ids.length, learnerIds: ids.length <= 20 ? ids : undefined },
    });
    return ids.map((id, i) => ({ id, username: usernames[i]!, password: credentials[i]!.password, ...rows[i]! }));
  });
}

export async function addOne(
  app: FastifyInstance,
  actor: Actor,
  ip: string,
  scope: Scope,
  learner: { firstName: string; lastName: string; grade: number },
) {
  const [created] = await importLearners(app, actor, ip, scope, [{ row: 0, ...learner }], 'learner.create').catch(
    (e: unknown) => {
      if (e instanceof Error && /was loaded meanwhile/.test(e.message))
        throw conflict(`${learner.firstName} ${learner.lastName} (grade ${learner.grade}) is loaded already`);
      throw e;
    },
  );
  return created!;
}
