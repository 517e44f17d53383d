import { and, eq, isNull, sql } from 'drizzle-orm';
import type { GrantRole, Role } from '#contract/roles';
import type { Queryable } from '../db/client.js';
import {
  accounts,
  countries,
  countryParticipants,
  olympiadGrants,
  olympiads,
  projects,
  purchaseOrders,
  questionModules,
  questions,
  schoolParticipants,
  schools,
  usefulContacts,
  users,
} from '../db/schema/index.js';
import { hashPassword } from '../platform/passwords.js';

/** Factories build valid rows with sensible defaults; the tests and the demo seed both use them. */
let counter = 0;
const next = () => ++counter;

/** How many numbers the factories have given out in this process (the test setup reads it after seeding). */
export const factoryNumbersUsed = (): number => counter;

/**
 * Continues numbering after `used`: a test database copied from a seeded snapshot gets new rows numbered
 * (and positioned) after the seed's, as if the seed had run in this process.
 */
export function skipFactoryNumbers(used: number): void {
  counter = Math.max(counter, used);
}

export async function createProject(q: Queryable, input: Partial<typeof projects.$inferInsert> = {}) {
  const n = next();
  const [row] = await q
    .insert(projects)
    .values({
      projectName: `project-${n}`,
      title: `Project ${n}`,
      seoTitle: `Project ${n}`,
      shareTitle: `Project ${n}`,
      description: `The public site of project ${n}.`,
      keywords: 'olympiad',
      ...input,
    })
    .returning();
  return row!;
}

/** An invoicing account (decision 031) with realistic South African details. */
export async function createAccount(q: Queryable, input: Partial<typeof accounts.$inferInsert> = {}) {
  const n = next();
  const [row] = await q
    .insert(accounts)
    .values({
      name: `Olympiad Trust ${n}`,
      legalName: `Olympiad Trust ${n} NPC`,
      registrationNumber: '2015/123456/08',
      vatNumber: '4123456789',
      vatRateBp: 1500,
      address: '12 Jan Smuts Avenue, Braamfontein, Johannesburg, 2001',
      email: 'accounts@olympiads.example.org',
      phone: '011 555 0100',
      bankName: 'First National Bank',
      bankAccountName: `Olympiad Trust ${n} NPC`,
      bankAccountNumber: '62812345678',
      bankBranchCode: '250655',
      invoicePrefix: `T${n}`,
      ...input,
    })
    .returning();
  return row!;
}

export async function createOlympiad(q: Queryable, input: Partial<typeof olympiads.$inferInsert> = {}) {
  const n = next();
  const projectId = input.projectId ?? (await createProject(q)).id;
  const [row] = await q
    .insert(olympiads)
    .values({
      varName: `olympiad-${n}`,
      title: `Olympiad ${n}`,
      year: new Date().getFullYear(),
      kind: 'school',
      durationMinutes: 60,
      feeCents: 3500,
      ...input,
      projectId,
    })
    .returning();
  return row!;
}

export async function createSchool(q: Queryable, input: Partial<typeof schools.$inferInsert> = {}) {
  const n = next();
  const [row] = await q
    .insert(schools)
    .values({ name: `School ${n}`, emisNumber: String(700000000 + n), province: 'Gauteng', town: 'Pretoria', ...input })
    .returning();
  return row!;
}

/** Enters a school in an olympiad, with its purchase order (decision 020), as the schools feature does. */
export async function enterSchool(q: Queryable, olympiadId: number, schoolId: number) {
  const [row] = await q.insert(schoolParticipants).values({ olympiadId, schoolId }).returning();
  await q.insert(purchaseOrders).values({ schoolParticipantId: row!.id });
  return row!;
}

/** A country (decision 039); the code defaults to a free two-letter code. */
export async function createCountry(q: Queryable, input: Partial<typeof countries.$inferInsert> = {}) {
  const n = next();
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const code = input.code ?? `Q${letters[n % 26]}`;
  const [row] = await q
    .insert(countries)
    .values({ name: `Country ${n}`, timeZone: 'Europe/Berlin', ...input, code })
    .returning();
  return row!;
}

/**
 * Enters a country in a country olympiad as the countries feature does: the country's team (a school row with
 * `countryId`), its entry with its purchase order, and the country participant. Answers all three.
 */
export async function enterCountry(q: Queryable, olympiadId: number, country: { id: number; name: string }) {
  const [existing] = await q.select().from(schools).where(eq(schools.countryId, country.id));
  const team =
    existing ??
    (await createSchool(q, {
      name: `Team ${country.name}`,
      emisNumber: null,
      province: null,
      town: null,
      type: 'Country team',
      countryId: country.id,
    }));
  const entry = await enterSchool(q, olympiadId, team.id);
  const [participant] = await q
    .insert(countryParticipants)
    .values({ olympiadId, countryId: country.id, schoolParticipantId: entry.id })
    .returning();
  return { team, entry, participant: participant! };
}

/** Sets the state of a school participant's live purchase order (paid, pre-approved, its PO number). */
export async function setPurchaseOrder(
  q: Queryable,
  schoolParticipantId: number,
  values: { paid?: boolean; preApproved?: boolean; schoolsPO?: string | null; freeLearners?: number },
) {
  await q
    .update(purchaseOrders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(purchaseOrders.schoolParticipantId, schoolParticipantId), isNull(purchaseOrders.deletedAt)));
}

export async function createContact(
  q: Queryable,
  olympiadId: number,
  input: Partial<typeof usefulContacts.$inferInsert> = {},
) {
  const n = next();
  const [row] = await q
    .insert(usefulContacts)
    .values({ olympiadId, name: `Contact ${n}`, email: `contact${n}@example.org`, ...input })
    .returning();
  return row!;
}

/**
 * Each distinct password is hashed once per process and its hash reused: the rows are for tests and the demo,
 * where a shared salt does not matter, and argon2 (decision 003) would otherwise cost every user built.
 */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hash.catch(() => hashes.delete(password));
    hashes.set(password, hash);
  }
  return hash;
}

export interface UserInput {
  role: Role;
  username?: string;
  password?: string | null;
  email?: string | null;
  firstName?: string;
  lastName?: string;
  olympiadId?: number | null;
  schoolId?: number | null;
  grade?: number | null;
  emailVerified?: boolean;
  disabled?: boolean;
  /** A teacher has accepted the current terms and conditions, as a registered teacher has (default true). */
  acceptedTerms?: boolean;
}

export async function createUser(q: Queryable, input: UserInput) {
  const n = next();
  const username = input.username ?? `${input.role}${n}`;
  const [row] = await q
    .insert(users)
    .values({
      role: input.role,
      username,
      email: input.email === undefined ? (input.role === 'learner' ? null : `${username}@example.org`) : input.email,
      firstName: input.firstName ?? username,
      lastName: input.lastName ?? '',
      passwordHash: input.password === null ? null : await hashOnce(input.password ?? 'password-123'),
      olympiadId: input.olympiadId ?? null,
      schoolId: input.schoolId ?? null,
      grade: input.grade ?? null,
      emailVerifiedAt: input.emailVerified === false ? null : new Date(),
      disabledAt: input.disabled ? new Date() : null,
    })
    .returning();
  if (input.role === 'teacher' && input.acceptedTerms !== false)
    await q.execute(sql`insert into terms_acceptances (user_id, terms_version_id)
      select ${row!.id}, id from terms_versions order by version desc limit 1`);
  return row!;
}

export async function grant(q: Queryable, userId: number, olympiadId: number, role: GrantRole) {
  await q.insert(olympiadGrants).values({ userId, olympiadId, role });
}

export async function createModule(
  q: Queryable,
  input: Partial<typeof questionModules.$inferInsert> & { olympiadId: number },
) {
  const n = next();
  const [row] = await q
    .insert(questionModules)
    .values({ title: `Module ${n}`, intro: '', position: n, ...input })
    .returning();
  return row!;
}

/** A question with a key; defaults to a single-choice question whose option "a" is right. */
export async function createQuestion(
  q: Queryable,
  input: Partial<typeof questions.$inferInsert> & { moduleId: number },
) {
  const n = next();
  const [row] = await q
    .insert(questions)
    .values({
      type: 'single',
      prompt: `<p>Question ${n}</p>`,
      options: [
        { id: 'a', text: 'Right', imageUrl: null },
        { id: 'b', text: 'Wrong', imageUrl: null },
        { id: 'c', text: 'Also wrong', imageUrl: null },
      ],
      answerKey: { type: 'single', correct: 'a' },
      marks: 1,
      position: n,
      ...input,
    })
    .returning();
  return row!;
}
