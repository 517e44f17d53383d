import { attempts, answers } from '../db/schema/index.js';
import type { Queryable } from '../db/client.js';
import { createModule, createOlympiad, createQuestion, createUser, enterSchool, grant } from './factories.js';

/**
 * A written and marked olympiad for trying results, moderation and certificates: `geo-2025`, closed a month ago,
 * 60 learners at the two demo schools, every attempt finished and marked, scores with ties, accented names, one
 * copied pair (`g25-copy-a`, `g25-copy-b`: identical wrong answers), one paper finished in three minutes
 * (`g25-fast`). Its results are not published: that is the admin's step.
 */

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

/** A small deterministic generator, so the demo is the same on every machine. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const firstNames = [
  'Zoë',
  'Anré',
  'Thabo',
  'Lerato',
  'Sipho',
  'Chloë',
  'Naledi',
  'Ruan',
  'Aisha',
  'Karabo',
  'Liezl',
  'Mpho',
  'Jéan-Pierre',
  'Nomvula',
  'Francois',
  'Ayanda',
  'Marié',
  'Tshepo',
  'Refiloe',
  'Wiehan',
];
const lastNames = [
  'Müller-Nel',
  'du Plessis',
  'Nkosi',
  'Dlamini',
  'van Wyk',
  'Botha',
  'Mahlangu',
  'Coetzée',
  'Naidoo',
  'Mokoena',
  'Steyn',
  'Ndlovu',
  'le Roux',
  'Khumalo',
  'Pietersen',
];

/** Twelve four-option questions: [prompt, options, the right one]. */
const paper: Array<[string, [string, string, string, string], 'a' | 'b' | 'c' | 'd']> = [
  [
    'Which is the largest province of South Africa by area?',
    ['Gauteng', 'Northern Cape', 'Limpopo', 'Free State'],
    'b',
  ],
  ['Which ocean lies to the east of South Africa?', ['Atlantic', 'Indian', 'Pacific', 'Southern'], 'b'],
  ['What is the capital of Lesotho?', ['Maseru', 'Mbabane', 'Gaborone', 'Maputo'], 'a'],
  ['Which river forms much of the border with Namibia?', ['Limpopo', 'Vaal', 'Orange', 'Tugela'], 'c'],
  [
    'Which wind brings winter rain to the Western Cape?',
    ['Berg wind', 'North-westerly', 'South-easter', 'Trade wind'],
    'b',
  ],
  ['What does a contour line join?', ['Equal rainfall', 'Equal height', 'Equal temperature', 'Equal pressure'], 'b'],
  [
    'Which mountain range is the highest in South Africa?',
    ['Cederberg', 'Magaliesberg', 'Drakensberg', 'Outeniqua'],
    'c',
  ],
  ['Which city is the judicial capital?', ['Pretoria', 'Cape Town', 'Bloemfontein', 'Durban'], 'c'],
  ['Which biome covers most of the Karoo?', ['Fynbos', 'Savanna', 'Nama Karoo', 'Forest'], 'c'],
  ['What scale is 1 cm to 500 m?', ['1:5 000', '1:50 000', '1:500', '1:500 000'], 'b'],
  [
    'Which line of latitude crosses Limpopo?',
    ['Equator', 'Tropic of Cancer', 'Tropic of Capricorn', 'Arctic Circle'],
    'c',
  ],
  ['Which is a renewable source of energy?', ['Coal', 'Natural gas', 'Wind', 'Diesel'], 'c'],
];

export async function seedResultsDemo(
  q: Queryable,
  ids: { geographyProjectId: number; school1Id: number; school2Id: number; adminIds: number[] },
): Promise<{ geo2025Id: number }> {
  const year = new Date().getFullYear() - 1;
  const olympiad = await createOlympiad(q, {
    projectId: ids.geographyProjectId,
    varName: 'geo-2025',
    title: `Geography Olympiad ${year} (demo, written and marked)`,
    year,
    open: false,
    startsAt: days(-45),
    endsAt: days(-30),
    durationMinutes: 30,
    feeCents: 0,
    minGrade: 8,
    maxGrade: 12,
    instructions: '<p>Twelve questions, thirty minutes.</p>',
    declaration: '<p>I will write this olympiad on my own.</p>',
  });
  for (const adminId of ids.adminIds) await grant(q, adminId, olympiad.id, 'admin');
  await enterSchool(q, olympiad.id, ids.school1Id);
  await enterSchool(q, olympiad.id, ids.school2Id);
  const module = await createModule(q, {
    olympiadId: olympiad.id,
    title: 'Geography of Southern Africa',
    intro: '<p>Maps, places and climate.</p>',
    position: 1,
  });
  const questions = [];
  for (const [i, [prompt, options, correct]] of paper.entries())
    questions.push(
      await createQuestion(q, {
        moduleId: module.id,
        position: i + 1,
        type: 'single',
        prompt: `<p>${prompt}</p>`,
        options: options.map((text, k) => ({ id: 'abcd'[k]!, text, imageUrl: null })),
        answerKey: { type: 'single', correct },
        marks: 1,
        difficulty: 'medium',
      }),
    );

  const rnd = random(2025);
  const start = days(-40);
  const learners: Array<{ username: string; schoolId: number; grade: number; first: string; last: string }> = [];
  for (let i = 0; i < 60; i++) {
    const special = i === 0 ? 'g25-copy-a' : i === 1 ? 'g25-copy-b' : i === 2 ? 'g25-fast' : null;
    learners.push({
      username: special ?? `g25-learner${String(i + 1).padStart(2, '0')}`,
      schoolId: i % 2 === 0 || i < 3 ? ids.school1Id : ids.school2Id,
      grade: 8 + (i % 5),
      first: firstNames[i % firstNames.length]!,
      last: lastNames[(i * 7) % lastNames.length]!,
    });
  }

  let copied: string[] = [];
  for (const [i, l] of learners.entries()) {
    const user = await createUser(q, {
      role: 'learner',
      username: l.username,
      password: null,
      firstName: l.first,
      lastName: l.last,
      olympiadId: olympiad.id,
      schoolId: l.schoolId,
      grade: l.grade,
      email: null,
    });
    // Ability between 25 % and 95 %; a wrong answer picks one of the wrong options, the first wrong one most often.
    const ability = 0.25 + 0.7 * rnd();
    let chosen: string[] = paper.map(([, , correct]) => {
      if (rnd() < ability) return correct;
      const wrong = (['a', 'b', 'c', 'd'] as const).filter((o) => o !== correct);
      const r = rnd();
      return r < 0.6 ? wrong[0]! : r < 0.85 ? wrong[1]! : wrong[2]!;
    });
    if (l.username === 'g25-copy-a') {
      // a weak paper with unusual wrong answers: the last wrong option of every question but two
      chosen = paper.map(([, , correct], k) =>
        k < 2 ? correct : (['a', 'b', 'c', 'd'] as const).filter((o) => o !== correct)[2]!,
      );
      copied = chosen;
    }
    if (l.username === 'g25-copy-b') chosen = [...copied];
    const score = chosen.filter((c, k) => c === paper[k]![2]).length;
    const minutes = l.username === 'g25-fast' ? 3 : 14 + Math.floor(rnd() * 15);
    const started = new Date(start.getTime() + i * 17_000);
    const finished = new Date(started.getTime() + minutes * 60_000);
    const [attempt] = await q
      .insert(attempts)
      .values({
        olympiadId: olympiad.id,
        userId: user.id,
        declarationAcceptedAt: started,
        detailsConfirmedAt: started,
        startedAt: started,
        deadlineAt: new Date(started.getTime() + 30 * 60_000),
        finishedAt: finished,
        finishReason: 'submitted',
        score,
        maxScore: paper.length,
        moduleScores: [{ moduleId: module.id, score, maxScore: paper.length }],
        markedAt: finished,
        lastSeenAt: finished,
        lastIp: `10.0.${i % 4}.${10 + i}`,
        ipChanges: l.username === 'g25-copy-b' ? 5 : 0,
      })
      .returning({ id: attempts.id });
    await q.insert(answers).values(
      questions.map((question, k) => ({
        attemptId: attempt!.id,
        questionId: question.id,
        value: { type: 'single' as const, optionId: chosen[k]! },
        savedAt: new Date(started.getTime() + ((k + 1) * minutes * 60_000) / (paper.length + 1)),
        marksAwarded: chosen[k] === paper[k]![2] ? 1 : 0,
      })),
    );
  }
  return { geo2025Id: olympiad.id };
}
