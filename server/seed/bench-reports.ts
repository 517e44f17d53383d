import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { demoAdminId, geographyProjectId, olympiadNamed } from './bench.js';
import { createModule, createOlympiad, createProject, createQuestion, grant } from './factories.js';

/**
 * Bench-only seeding for bench/reports.ts (`BENCH_REPORT_LEARNERS=n`): the olympiad `geo-reports` with n / 50
 * schools in the nine provinces (2,000 for 100,000 learners), n learners in grades 8–12 loaded over 30 days, an
 * attempt for 95 % of them started within one exam morning (90 % finished and marked, with feedback from a third),
 * 30 questions and one answer per question per started attempt (3,000,000 answers for 100,000 learners), and mail
 * sent to every school. Set-based statements (generate_series), once per database; the demo admin is granted it.
 */
export async function seedReportBenchIfAbsent(db: Db, learners: number): Promise<boolean> {
  if (await olympiadNamed(db, 'geo-reports')) return false;
  const schools = Math.max(1, Math.round(learners / 50));
  const examDay = new Date(Date.now() - 2 * 24 * 3_600_000);
  examDay.setUTCHours(6, 0, 0, 0); // 08:00 in South Africa
  await db.transaction(async (tx) => {
    const projectId = (await geographyProjectId(tx)) ?? (await createProject(tx, { projectName: 'bench-reports' })).id;
    const olympiad = await createOlympiad(tx, {
      projectId,
      varName: 'geo-reports',
      title: 'Report benchmark olympiad',
      startsAt: examDay,
      endsAt: new Date(examDay.getTime() + 10 * 3_600_000),
      durationMinutes: 60,
    });
    const o = olympiad.id;
    for (let m = 0; m < 3; m++) {
      const mod = await createModule(tx, { olympiadId: o, title: `Report module ${m + 1}`, position: m });
      for (let i = 0; i < 10; i++)
        await createQuestion(tx, {
          moduleId: mod.id,
          position: i,
          type: 'single',
          prompt: `<p>Report question ${m + 1}.${i + 1}</p>`,
          options: ['a', 'b', 'c', 'd'].map((id) => ({ id, text: `Option ${id}`, imageUrl: null })),
          answerKey: { type: 'single', correct: 'a' },
        });
    }
    // EMIS numbers from 800000001: the factories' schools (demo, geo-bench) take 700000001 onwards.
    await tx.execute(sql`
      with s as (
        insert into schools (name, emis_number, province, town)
        select 'Report School ' || g, '8' || lpad(g::text, 8, '0'),
          (array['Gauteng','Western Cape','KwaZulu-Natal','Eastern Cape','Limpopo','Free State','Mpumalanga',
                 'North West','Northern Cape'])[1 + g % 9], 'Town ' || g
        from generate_series(1, ${schools}) g returning id),
      sp as (
        insert into school_participants (olympiad_id, school_id, status, created_at)
        select ${o}, id, 'learners_loaded', ${examDay}::timestamptz - ((40 + id % 20) || ' days')::interval from s
        returning school_id)
      insert into users (role, username, password_hash, first_name, last_name, grade, olympiad_id, school_id, created_at)
      select 'learner', 'rep-' || g, 'x', 'Learner', 'Number ' || g, 8 + g % 5, ${o}, ss.school_id,
        ${examDay}::timestamptz - ((5 + g % 30) || ' days')::interval
      from generate_series(1, ${learners}) g
      join (select school_id, (row_number() over (order by school_id) - 1)::int as k from sp) ss
        on ss.k = g % ${schools}`);
    await tx.execute(sql`
      insert into attempts (olympiad_id, user_id, declaration_accepted_at, details_confirmed_at, started_at, deadline_at,
        finished_at, finish_reason, score, max_score, marked_at, feedback_rating, feedback_comment, feedback_at)
      select ${o}, u.id, t.started, t.started, t.started, t.started + interval '60 minutes',
        case when u.id % 20 <> 1 then t.started + interval '50 minutes' end,
        case when u.id % 20 <> 1 then 'submitted' end,
        case when u.id % 20 <> 1 then (u.id * 7919) % 31 end,
        case when u.id % 20 <> 1 then 30 end,
        case when u.id % 20 <> 1 then t.started + interval '50 minutes' end,
        case when u.id % 3 = 0 and u.id % 20 <> 1 then 1 + u.id % 5 end,
        case when u.id % 3 = 0 and u.id % 20 <> 1 then 'Comment ' || u.id end,
        case when u.id % 3 = 0 and u.id % 20 <> 1 then t.started + interval '51 minutes' end
      from users u
      cross join lateral (select ${examDay}::timestamptz + ((u.id * 7) % 5400 || ' seconds')::interval as started) t
      where u.olympiad_id = ${o} and u.role = 'learner' and u.id % 20 <> 0`);
    await tx.execute(sql`
      insert into answers (attempt_id, question_id, value, saved_at, marks_awarded)
      select a.id, q.id, jsonb_build_object('type', 'single', 'optionId', (array['a','b','c','d'])[1 + pick.k]),
        a.started_at + (q.position || ' minutes')::interval, case when pick.k = 0 then 1 else 0 end
      from attempts a
      join question_modules m on m.olympiad_id = ${o}
      join questions q on q.module_id = m.id
      -- Each learner's own choices (a hash of attempt and question), as real learners' are: a choice that followed
      -- a simple pattern would give every fourth learner the same paper, and moderation would flag them all.
      cross join lateral (select get_byte(decode(md5(a.id || ':' || q.id), 'hex'), 0) % 4 as k) pick
      where a.olympiad_id = ${o}`);
    await tx.execute(sql`
      insert into emails (kind, to_address, subject, text_body, status, olympiad_id, created_at, sent_at)
      select 'mass', 'school' || g || '@example.org', 'Exam day', 'Good luck', 'sent', ${o},
        ${examDay}::timestamptz - interval '3 days', ${examDay}::timestamptz - interval '3 days'
      from generate_series(1, ${schools}) g`);
    const admin = await demoAdminId(tx);
    if (admin != null) await grant(tx, admin, o, 'admin');
  });
  // Fresh statistics and visibility maps, as autovacuum would leave them after a load (index-only scans), and the
  // load's pages written out, as the checkpointer would (else the first write after it, on PGlite, pays for that).
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`);
  return true;
}
