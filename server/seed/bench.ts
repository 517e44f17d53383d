import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client.js';
import { accounts, olympiads, projects, users } from '../db/schema/index.js';
import { hashGeneratedPassword, hashPassword } from '../platform/passwords.js';
import {
  createModule,
  createOlympiad,
  createProject,
  createQuestion,
  createSchool,
  enterSchool,
  grant,
} from './factories.js';

/** Is there an olympiad with this url name (a bench olympiad is seeded once per database)? */
export async function olympiadNamed(q: Queryable, varName: string): Promise<boolean> {
  const found = await q.select({ id: olympiads.id }).from(olympiads).where(eq(olympiads.varName, varName));
  return found.length > 0;
}

/** The demo's geography project, which the bench olympiads join when it is there. */
export async function geographyProjectId(q: Queryable): Promise<number | null> {
  const [project] = await q.select({ id: projects.id }).from(projects).where(eq(projects.projectName, 'geography'));
  return project?.id ?? null;
}

/** The demo admin (a staff account), granted each bench olympiad when there is one. */
export async function demoAdminId(q: Queryable): Promise<number | null> {
  const [admin] = await q
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, 'admin'), isNull(users.olympiadId)));
  return admin?.id ?? null;
}

/**
 * Bench-only seeding (`BENCH_LEARNERS=n`, set only by bench/): the olympiad `geo-bench` with 30 questions in
 * 3 modules, learners `bench-1` … `bench-n` (password `bench-password`, hashed once), and 100 `bare-…`
 * learners with started attempts for the bare-route measurement. Runs once per database. The password is
 * hashed as the learner import hashes generated passwords (`generated`, the learners of a real exam day) or as
 * a chosen password (`chosen`: every learner pays a full-strength verification at sign-in).
 */
export const benchPassword = 'bench-password';

export async function seedBenchIfAbsent(
  db: Db,
  learners: number,
  passwords: 'generated' | 'chosen' = 'generated',
): Promise<boolean> {
  if (await olympiadNamed(db, 'geo-bench')) return false;
  const passwordHash = await (passwords === 'chosen' ? hashPassword : hashGeneratedPassword)(benchPassword);
  await db.transaction(async (tx) => {
    const projectId = (await geographyProjectId(tx)) ?? (await createProject(tx, { projectName: 'bench' })).id;
    const olympiad = await createOlympiad(tx, {
      projectId,
      varName: 'geo-bench',
      title: 'Benchmark olympiad',
      open: true,
      startsAt: new Date(Date.now() - 3_600_000),
      endsAt: new Date(Date.now() + 7 * 24 * 3_600_000),
      durationMinutes: 120,
      instructions: '<p>Benchmark.</p>',
      declaration: '<p>I declare.</p>',
      shuffleOptions: true,
    });
    const school = await createSchool(tx, { name: 'Bench High School' });
    await enterSchool(tx, olympiad.id, school.id);
    const admin = await demoAdminId(tx);
    if (admin != null) await grant(tx, admin, olympiad.id, 'admin');
    const types = ['single', 'multiple', 'true_false', 'numeric', 'short_text'] as const;
    for (let m = 0; m < 3; m++) {
      const mod = await createModule(tx, { olympiadId: olympiad.id, title: `Bench module ${m + 1}`, position: m });
      for (let i = 0; i < 10; i++) {
        const type = types[i % types.length]!;
        const options = ['a', 'b', 'c', 'd'].map((id) => ({ id, text: `Option ${id}`, imageUrl: null }));
        await createQuestion(tx, {
          moduleId: mod.id,
          position: i,
          type,
          prompt: `<p>Bench question ${m + 1}.${i + 1} (${type})</p>`,
          options: type === 'single' || type === 'multiple' ? options : [],
          answerKey:
            type === 'single'
              ? { type, correct: 'a' }
              : type === 'multiple'
                ? { type, correct: ['a', 'c'] }
                : type === 'true_false'
                  ? { type, correct: true }
                  : type === 'numeric'
                    ? { type, value: 42, tolerance: 0.5 }
                    : { type, accepted: ['Pretoria'] },
        });
      }
    }
    await tx.execute(sql`
      insert into users (role, username, first_name, last_name, password_hash, olympiad_id, school_id, grade, email_verified_at)
      select 'learner', 'bench-' || g, 'Bench', 'Learner ' || g, ${passwordHash}, ${olympiad.id}, ${school.id}, 10, now()
      from generate_series(1, ${learners}) g`);
    await tx.execute(sql`
      with u as (
        insert into users (role, username, first_name, last_name, password_hash, olympiad_id, school_id, grade)
        select 'learner', 'bare-' || g, 'Bare', 'Learner ' || g, ${passwordHash}, ${olympiad.id}, ${school.id}, 10
        from generate_series(1, 100) g
        returning id)
      insert into attempts (olympiad_id, user_id, declaration_accepted_at, pin_issued_at, details_confirmed_at, started_at,
                            deadline_at)
      select ${olympiad.id}, u.id, now(), now(), now(), now(), now() + interval '7 days' from u`);
  });
  return true;
}

/**
 * Bench-only seeding for bench/invoices.ts (`BENCH_INVOICE_SCHOOLS=n`): the olympiad `geo-invoices` with an
 * invoicing account and n entered schools, each with a teacher (with an address) and three learners, in a few
 * set-based statements. Runs once per database.
 */
export async function seedInvoiceBenchIfAbsent(db: Db, schools: number): Promise<boolean> {
  if (await olympiadNamed(db, 'geo-invoices')) return false;
  await db.transaction(async (tx) => {
    const projectId = (await geographyProjectId(tx)) ?? (await createProject(tx, { projectName: 'bench-invoices' })).id;
    const [account] = await tx
      .insert(accounts)
      .values({
        name: 'Bench Trust',
        legalName: 'Bench Olympiad Trust NPC',
        vatNumber: '4000000001',
        address: '1 Bench Road, Johannesburg, 2001',
        bankName: 'First National Bank',
        bankAccountName: 'Bench Olympiad Trust NPC',
        bankAccountNumber: '62000000001',
        bankBranchCode: '250655',
        invoicePrefix: 'BENCH',
        footer: 'Benchmark invoices.',
      })
      .returning({ id: accounts.id });
    const olympiad = await createOlympiad(tx, {
      projectId,
      varName: 'geo-invoices',
      title: 'Invoice benchmark olympiad',
      feeCents: 3500,
      accountId: account!.id,
    });
    await tx.execute(sql`
      with s as (
        insert into schools (name, emis_number, province, town, address)
        select 'Bench School ' || g, '8' || lpad(g::text, 8, '0'), 'Gauteng', 'Pretoria', g || ' School Street, Pretoria'
        from generate_series(1, ${schools}) g returning id, name),
      sp as (
        insert into school_participants (olympiad_id, school_id, status)
        select ${olympiad.id}, id, 'learners_loaded' from s returning id, school_id),
      po as (insert into purchase_orders (school_participant_id) select id from sp returning id),
      t as (
        insert into users (role, username, password_hash, first_name, last_name, email, school_id)
        select 'teacher', 'bench-teacher-' || s.id, 'x', 'Teacher', s.name, 'bench-teacher-' || s.id || '@example.org', s.id
        from s returning id)
      insert into users (role, username, password_hash, first_name, last_name, grade, olympiad_id, school_id)
      select 'learner', 'bench-inv-' || s.id || '-' || n, 'x', 'Learner', 'Number ' || n, 10, ${olympiad.id}, s.id
      from s cross join generate_series(1, 3) n`);
  });
  return true;
}

/** Accented first and last names, so that the benchmark's certificates subset the fonts as real ones do. */
const benchFirst = ['Zoë', 'Anré', 'Thandiwe', 'Pieter', 'Ëlize', 'Sipho', 'Lindiwe', 'Jéan', 'Aïsha', 'Bongani'];
const benchLast = [
  'Müller-Nel',
  'du Plessis',
  'Nkosi',
  'van der Merwe',
  'Öberholzer',
  'Dlamini',
  'Naidoo',
  'Brâm',
  'Mokoena',
  'Señor',
];

/**
 * Bench-only seeding for bench/certificates.ts (`BENCH_CERTIFICATE_LEARNERS=n`): the olympiad `geo-certificates`
 * with n learners in n / 25 entered schools (400 for 10,000), each with a teacher, a finished and marked attempt,
 * and a published result (ranks and awards by score, in the shape the results feature publishes), in a few
 * set-based statements. Runs once per database.
 */
export async function seedCertificateBenchIfAbsent(db: Db, learners: number): Promise<boolean> {
  if (await olympiadNamed(db, 'geo-certificates')) return false;
  const schools = Math.max(1, Math.round(learners / 25));
  await db.transaction(async (tx) => {
    const projectId =
      (await geographyProjectId(tx)) ?? (await createProject(tx, { projectName: 'bench-certificates' })).id;
    const olympiad = await createOlympiad(tx, {
      projectId,
      varName: 'geo-certificates',
      title: 'Certificate benchmark olympiad',
      startsAt: new Date(Date.now() - 30 * 24 * 3_600_000),
      endsAt: new Date(Date.now() - 29 * 24 * 3_600_000),
    });
    const first = `array[${benchFirst.map((n) => `'${n.replace(/'/g, "''")}'`).join(',')}]`;
    const last = `array[${benchLast.map((n) => `'${n.replace(/'/g, "''")}'`).join(',')}]`;
    await tx.execute(sql`
      with s as (
        insert into schools (name, emis_number, province, town)
        select 'Hoërskool Bench ' || g, '9' || lpad(g::text, 8, '0'), 'Gauteng', 'Pretoria'
        from generate_series(1, ${schools}) g returning id, name),
      sp as (
        insert into school_participants (olympiad_id, school_id, status)
        select ${olympiad.id}, id, 'learners_loaded' from s returning id, school_id),
      t as (
        insert into users (role, username, password_hash, first_name, last_name, email, school_id)
        select 'teacher', 'bench-cert-teacher-' || s.id, 'x', 'Teacher', s.name, 'bench-cert-teacher-' || s.id || '@example.org', s.id
        from s returning id)
      insert into users (role, username, password_hash, first_name, last_name, grade, olympiad_id, school_id)
      select 'learner', 'bench-cert-' || g, 'x', (${sql.raw(first)})[1 + g % 10], (${sql.raw(last)})[1 + (g / 10) % 10] || ' ' || g,
        8 + g % 5, ${olympiad.id}, ss.id
      from generate_series(1, ${learners}) g
      join (select id, (row_number() over (order by id) - 1)::int as k from s) ss on ss.k = g % ${schools}`);
    await tx.execute(sql`
      insert into attempts (olympiad_id, user_id, started_at, finished_at, finish_reason, score, max_score, marked_at)
      select ${olympiad.id}, u.id, now() - interval '30 days', now() - interval '30 days' + interval '40 minutes',
        'submitted', (u.id * 7919) % 51, 50, now() - interval '29 days'
      from users u where u.olympiad_id = ${olympiad.id} and u.role = 'learner'`);
    await tx.execute(sql`
      with scored as (
        select a.id as attempt_id, a.user_id, sp.id as school_participant_id, u.grade, a.score,
          rank() over (order by a.score desc) as rank,
          rank() over (partition by u.grade order by a.score desc) as grade_rank,
          100.0 * (count(*) over (order by a.score range between unbounded preceding and current row)
                   - count(*) over (partition by a.score)) / count(*) over () as percentile,
          rank() over (partition by sp.id order by a.score desc) = 1 as best_in_school
        from attempts a join users u on u.id = a.user_id
        join school_participants sp on sp.school_id = u.school_id and sp.olympiad_id = a.olympiad_id
        where a.olympiad_id = ${olympiad.id})
      insert into learner_results (attempt_id, olympiad_id, user_id, school_participant_id, grade, province, score,
        max_score, percent, percentile, rank, grade_rank, province_rank, award, best_in_school)
      select attempt_id, ${olympiad.id}, user_id, school_participant_id, grade, 'Gauteng', score, 50, 2 * score,
        percentile, rank, grade_rank, rank,
        case when percentile >= 93.33 then 'gold' when percentile >= 80 then 'silver' when percentile >= 60 then 'bronze'
             when percentile >= 40 then 'merit' else 'participation' end,
        best_in_school
      from scored`);
    await tx.execute(sql`
      insert into olympiad_results (olympiad_id, published_at) values (${olympiad.id}, now())`);
    const admin = await demoAdminId(tx);
    if (admin != null) await grant(tx, admin, olympiad.id, 'admin');
  });
  return true;
}
