import { gradeRangeText, inGradeRange } from '#contract/grades';
import type { Db, Queryable } from '../../db/client.js';
import { conflict } from '../../http/errors.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import { hashGeneratedPassword } from '../../platform/passwords.js';
import { generatePassword, sealSlipPassword, usernameBase, usernameCandidate } from './credentials.js';
import type { Place } from './load.js';
import * as queries from './queries.js';
import type { ConsentMethod } from '../../db/schema/index.js';
import { recordConsents } from './consent.js';
import { type CheckedRow, checkRows, learnerKey, type ReadSheet } from './spreadsheet.js';

export async function existingKeys(q: Queryable, place: Place) {
  const rows = await queries.existingNames(q, place.olympiad.id, place.school.id);
  return new Set(rows.map((r) => learnerKey(r.firstName, r.lastName, r.grade)));
}

/** A country's team members need a date of birth (decision 039): its file must have the column filled in. */
export async function preview(db: Queryable, place: Place, sheet: ReadSheet) {
  return checkRows(
    sheet,
    await existingKeys(db, place),
    place.olympiad,
    place.olympiad.kind === 'country' ? 'required' : 'optional',
  );
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
  deps: { db: Db; secret: string },
  actor: AuditActor,
  ip: string | null,
  place: Place,
  rows: Array<Omit<CheckedRow, 'dateOfBirth'> & { dateOfBirth?: string | null | undefined }>,
  action: 'learner.import' | 'learner.create' = 'learner.import',
  onProgress?: ImportProgress,
  /** How the person confirmed the school holds consent for these learners; undefined: not confirmed, none kept. */
  consent?: ConsentMethod,
) {
  await onProgress?.(0, 'credentials');
  const credentials = await makeCredentials(deps.secret, rows.length, onProgress);
  // The transaction holds the (PGlite: only) connection: progress is reported before it, never inside.
  await onProgress?.(rows.length, 'saving');
  return deps.db.transaction(async (tx) => {
    const entry = await queries.findEntry(tx, place.olympiad.id, place.school.id, true);
    if (!entry) throw conflict(`${place.school.name} is not entered in ${place.olympiad.title}`);
    if (entry.teamSize != null) {
      const have = await queries.learnerCount(tx, place.olympiad.id, place.school.id);
      if (have + rows.length > entry.teamSize)
        throw conflict(
          `A team in ${place.olympiad.title} has at most ${entry.teamSize} learners; ${place.school.name} has ${have}`,
        );
    }
    const outside = rows.find((r) => !inGradeRange(r.grade, entry));
    if (outside)
      throw conflict(
        `${outside.row ? `Row ${outside.row}: ` : ''}${place.olympiad.title} is for ${gradeRangeText(entry)}, not grade ${outside.grade}; nothing was saved`,
      );
    const existing = await existingKeys(tx, place);
    const clash = rows.find((r) => existing.has(learnerKey(r.firstName, r.lastName, r.grade)));
    if (clash)
      throw conflict(
        `Row ${clash.row}: ${clash.firstName} ${clash.lastName} was loaded meanwhile. Check the file again.`,
      );
    const usernames = await assignUsernames(tx, place.olympiad.id, rows);
    const ids = await queries.insertLearners(
      tx,
      place.olympiad.id,
      place.school.id,
      rows.map((r, i) => ({
        username: usernames[i]!,
        firstName: r.firstName,
        lastName: r.lastName,
        grade: r.grade,
        dateOfBirth: r.dateOfBirth ?? null,
        passwordHash: credentials[i]!.passwordHash,
        initialPasswordEnc: credentials[i]!.initialPasswordEnc,
      })),
    );
    if (ids.length) await queries.setEntryStatus(tx, entry.id, 'learners_loaded');
    if (consent) await recordConsents(tx, actor, place.olympiad.id, ids, consent);
    await audit(tx, actor, action, {
      entityId: action === 'learner.create' ? ids[0] : entry.id,
      olympiadId: place.olympiad.id,
      ip,
      data: {
        schoolId: place.school.id,
        created: ids.length,
        learnerIds: ids.length <= 20 ? ids : undefined,
        consentConfirmed: consent != null,
      },
    });
    return ids.map((id, i) => ({ id, username: usernames[i]!, password: credentials[i]!.password, ...rows[i]! }));
  });
}

export async function addOne(
  deps: { db: Db; secret: string },
  actor: AuditActor,
  ip: string,
  place: Place,
  learner: { firstName: string; lastName: string; grade: number; dateOfBirth?: string | null | undefined },
  consent?: ConsentMethod,
) {
  const [created] = await importLearners(
    deps,
    actor,
    ip,
    place,
    [{ row: 0, ...learner }],
    'learner.create',
    undefined,
    consent,
  ).catch((e: unknown) => {
    if (e instanceof Error && /was loaded meanwhile/.test(e.message))
      throw conflict(`${learner.firstName} ${learner.lastName} (grade ${learner.grade}) is loaded already`);
    throw e;
  });
  return created!;
}
