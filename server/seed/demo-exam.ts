import type { Queryable } from '../db/client.js';
import { createModule, createOlympiad, createQuestion, createUser, enterSchool } from './factories.js';
import { seedMapsModule } from './demo-maps.js';

/**
 * Exam-day demo data: geo-demo's paper (two sections of the first five question types, then a section on a map of
 * South Africa with one question of each interaction of decision 084), and geo-quick (2 minutes) for trying the
 * deadline.
 */

const instructions = `<p>Welcome to the Geography Olympiad.</p>
<ul>
<li>You have <strong>60 minutes</strong> from the moment the first question opens, right after you confirm your details. The clock keeps running if you close the page.</li>
<li>Every answer is saved as soon as you give it. If your connection drops, keep going: answers are sent when it returns.</li>
<li>Use the palette to move between questions and flag any you want to come back to.</li>
<li>You may use a pen and paper, but no atlas, phone or help from anyone else.</li>
</ul>`;

const declaration = `<p>I declare that I will write this olympiad on my own, without help from any person,
book, atlas, website or device other than the one I write on, and that I will not share the questions with anyone
until the writing window has closed.</p>`;

const hours = (n: number) => new Date(Date.now() + n * 3_600_000);

export async function seedExamDemo(
  q: Queryable,
  ids: { geographyProjectId: number; geoDemoId: number; school1Id: number; school2Id: number; password: string },
): Promise<{ geoQuickId: number }> {
  const m1 = await createModule(q, {
    olympiadId: ids.geoDemoId,
    title: 'Maps and places',
    intro: '<p>Questions about maps, directions and places in Southern Africa.</p>',
    position: 1,
  });
  const m2 = await createModule(q, {
    olympiadId: ids.geoDemoId,
    title: 'Climate and people',
    intro: '<p>Questions about weather, climate, energy and population.</p>',
    position: 2,
  });
  const o = (id: string, text: string, imageUrl: string | null = null) => ({ id, text, imageUrl });
  let position = 0;
  // No options unless the question gives them: the factory's default three are a choice question's, and a
  // true/false, number or text question stored with them is one the editor refuses.
  const add = (
    moduleId: number,
    input: Parameters<typeof createQuestion>[1] extends infer T ? Omit<T & object, 'moduleId'> : never,
  ) => createQuestion(q, { moduleId, position: ++position, difficulty: 'medium', options: [], ...input });

  await add(m1.id, {
    type: 'single',
    prompt: '<p>The map shows South Africa’s nine provinces. Which province has the <strong>largest</strong> area?</p>',
    imageUrl: '/demo/sa-provinces.svg',
    imageAlt: 'A schematic map of South Africa divided into its nine provinces, each labelled.',
    // The picture's size (the SVG's own width and height), so the page keeps its place while it loads.
    imageWidth: 800,
    imageHeight: 600,
    options: [o('a', 'Gauteng'), o('b', 'Northern Cape'), o('c', 'Limpopo'), o('d', 'Free State')],
    answerKey: { type: 'single', correct: 'b' },
    marks: 2,
  });
  await add(m1.id, {
    type: 'multiple',
    prompt: '<p>Which of these countries share a border with South Africa? Choose <em>all</em> that apply.</p>',
    options: [
      o('a', 'Namibia'),
      o('b', 'Botswana'),
      o('c', 'Zambia'),
      o('d', 'Zimbabwe'),
      o('e', 'Mozambique'),
      o('f', 'Angola'),
    ],
    answerKey: { type: 'multiple', correct: ['a', 'b', 'd', 'e'] },
    marks: 3,
  });
  await add(m1.id, {
    type: 'true_false',
    prompt: '<p>Cape Town lies on the coast of the Atlantic Ocean.</p>',
    answerKey: { type: 'true_false', correct: true },
  });
  await add(m1.id, {
    type: 'numeric',
    prompt:
      '<p>Look at the compass rose. What is the bearing of <strong>south-west</strong>, in degrees clockwise from north?</p>',
    imageUrl: '/demo/compass-rose.svg',
    imageAlt: 'A compass rose with north at the top, east to the right, south at the bottom and west to the left.',
    imageWidth: 800,
    imageHeight: 800,
    answerKey: { type: 'numeric', value: 225, tolerance: 0 },
    marks: 2,
  });
  await add(m1.id, {
    type: 'short_text',
    prompt: '<p>What is the capital city of Lesotho?</p>',
    answerKey: { type: 'short_text', accepted: ['Maseru'] },
  });
  await add(m1.id, {
    type: 'single',
    prompt: '<p>Which of these is the flag of South Africa?</p>',
    options: [
      o('a', 'A flag with three vertical bands: green, white and orange', '/demo/flag-stripes.svg'),
      o(
        'b',
        'A flag with a green Y shape, a black triangle, a red top band and a blue bottom band',
        '/demo/flag-za.svg',
      ),
      o('c', 'A flag with a white cross on a red field', '/demo/flag-cross.svg'),
    ],
    answerKey: { type: 'single', correct: 'b' },
  });

  await add(m2.id, {
    type: 'single',
    prompt: '<p>Which climate type brings most of its rain in <strong>winter</strong>?</p>',
    options: [o('a', 'Mediterranean'), o('b', 'Tropical savanna'), o('c', 'Humid subtropical'), o('d', 'Desert')],
    answerKey: { type: 'single', correct: 'a' },
  });
  await add(m2.id, {
    type: 'multiple',
    prompt: '<p>Which of these are renewable sources of energy? Choose all that apply.</p>',
    options: [o('a', 'Solar'), o('b', 'Coal'), o('c', 'Wind'), o('d', 'Natural gas'), o('e', 'Hydro-electric')],
    answerKey: { type: 'multiple', correct: ['a', 'c', 'e'] },
    marks: 2,
  });
  await add(m2.id, {
    type: 'true_false',
    prompt: '<p>The Tropic of Capricorn passes through Limpopo province.</p>',
    answerKey: { type: 'true_false', correct: true },
  });
  await add(m2.id, {
    type: 'numeric',
    prompt:
      '<p>A topographic map has a scale of 1:50&nbsp;000. How many <strong>kilometres</strong> on the ground are 4 cm on the map?</p>',
    answerKey: { type: 'numeric', value: 2, tolerance: 0 },
    marks: 2,
  });
  await add(m2.id, {
    type: 'short_text',
    prompt: '<p>Name the longest river in South Africa.</p>',
    answerKey: { type: 'short_text', accepted: ['Orange', 'Orange River', 'Gariep', 'Gariep River'] },
  });
  await add(m2.id, {
    type: 'numeric',
    prompt: '<p>South Africa’s 2022 census counted about how many million people? (Within 2 million counts.)</p>',
    answerKey: { type: 'numeric', value: 62, tolerance: 2 },
  });
  await seedMapsModule(q, ids.geoDemoId, position);

  const year = new Date().getFullYear();
  const geoQuick = await createOlympiad(q, {
    projectId: ids.geographyProjectId,
    varName: 'geo-quick',
    title: `Geography quick quiz ${year} (demo, 2 minutes)`,
    year,
    open: true,
    startsAt: hours(-1),
    endsAt: hours(24 * 30),
    durationMinutes: 2,
    feeCents: 0,
    minGrade: 7,
    maxGrade: 12,
    instructions: '<p>A two-minute quiz to try the deadline: the paper finishes by itself when the time is up.</p>',
    declaration,
    shuffleOptions: true,
    showScore: true,
  });
  await enterSchool(q, geoQuick.id, ids.school1Id);
  await enterSchool(q, geoQuick.id, ids.school2Id);
  const quick = await createModule(q, {
    olympiadId: geoQuick.id,
    title: 'Quick quiz',
    intro: '<p>Four quick questions.</p>',
    position: 1,
  });
  await add(quick.id, {
    type: 'single',
    prompt: '<p>Which ocean lies to the east of South Africa?</p>',
    options: [o('a', 'Atlantic'), o('b', 'Indian'), o('c', 'Pacific'), o('d', 'Arctic')],
    answerKey: { type: 'single', correct: 'b' },
  });
  await add(quick.id, {
    type: 'true_false',
    prompt: '<p>Gauteng is South Africa’s smallest province by area.</p>',
    answerKey: { type: 'true_false', correct: true },
  });
  await add(quick.id, {
    type: 'numeric',
    prompt: '<p>How many provinces does South Africa have?</p>',
    answerKey: { type: 'numeric', value: 9, tolerance: 0 },
  });
  await add(quick.id, {
    type: 'short_text',
    prompt: '<p>Which city is South Africa’s administrative capital?</p>',
    answerKey: { type: 'short_text', accepted: ['Pretoria', 'Tshwane'] },
  });
  await createUser(q, {
    role: 'learner',
    username: 'learner1',
    password: ids.password,
    firstName: 'Lerato',
    lastName: 'Khumalo',
    olympiadId: geoQuick.id,
    schoolId: ids.school1Id,
    grade: 10,
    email: null,
  });
  await createUser(q, {
    role: 'learner',
    username: 'learner2',
    password: ids.password,
    firstName: 'Jaco',
    lastName: 'Pretorius',
    olympiadId: geoQuick.id,
    schoolId: ids.school2Id,
    grade: 11,
    email: null,
  });
  return { geoQuickId: geoQuick.id };
}

export const examDemoTexts = { instructions, declaration };
