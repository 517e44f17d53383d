import type { Queryable } from '../db/client.js';
import {
  createAccount,
  createCountry,
  createModule,
  createOlympiad,
  createQuestion,
  createUser,
  enterCountry,
  grant,
} from './factories.js';

const hours = (n: number) => new Date(Date.now() + n * 3_600_000);

/** The international demo's countries: ISO code, name, time zone. */
const demoCountries = [
  { code: 'DE', name: 'Germany', timeZone: 'Europe/Berlin' },
  { code: 'BR', name: 'Brazil', timeZone: 'America/Sao_Paulo' },
  { code: 'SG', name: 'Singapore', timeZone: 'Asia/Singapore' },
  { code: 'NZ', name: 'New Zealand', timeZone: 'Pacific/Auckland' },
  { code: 'ZA', name: 'South Africa', timeZone: 'Africa/Johannesburg' },
];

/**
 * The international olympiad (decision 039): `igeo-demo`, open, entered by countries; five countries, Germany
 * entered with its team admin `teamadmin` and one team learner `teamlearner`; `igeoadmin` administers it. It
 * invoices from an account of its own (a fee per team member, as a school's is per learner), so the team admin can
 * issue and read the team's invoice on the portal's Invoices page.
 * Seeded after every other demo row, so the ids of those stay as they were.
 */
export async function seedInternationalDemo(
  q: Queryable,
  ids: { igeoProjectId: number; password: string },
): Promise<void> {
  const account = await createAccount(q, {
    name: 'iGeo South Africa',
    legalName: 'International Geography Olympiad South Africa NPC',
    registrationNumber: '2019/402118/08',
    vatNumber: '4920183746',
    address: 'Geography House, 25 Jorissen Street, Braamfontein, Johannesburg, 2001',
    email: 'accounts@igeo.example.org',
    phone: '011 717 6510',
    bankName: 'First National Bank',
    bankAccountName: 'International Geography Olympiad SA NPC',
    bankAccountNumber: '62849173688',
    bankBranchCode: '250655',
    bankSwift: 'FIRNZAJJ',
    invoicePrefix: 'IGEO',
    footer: 'Teams pay in South African rand. Queries about this invoice: accounts@igeo.example.org.',
  });
  const igeo = await createOlympiad(q, {
    accountId: account.id,
    projectId: ids.igeoProjectId,
    varName: 'igeo-demo',
    title: 'International Geography Olympiad (demo)',
    year: new Date().getFullYear(),
    kind: 'country',
    open: true,
    startsAt: hours(-2),
    endsAt: hours(24 * 30),
    durationMinutes: 60,
    feeCents: 25000,
    currency: 'ZAR',
    teamSize: 4,
    instructions:
      '<p>Welcome to the international round. Answer every question on your own; your answers are saved as you go.</p>',
    declaration: '<p>I will write this olympiad on my own, without help from anyone or anything.</p>',
  });
  const admin = await createUser(q, {
    role: 'admin',
    username: 'igeoadmin',
    password: ids.password,
    firstName: 'Ingrid',
    lastName: 'Larsen',
    email: 'igeoadmin@olympus.example.org',
  });
  await grant(q, admin.id, igeo.id, 'admin');
  const made = [];
  for (const c of demoCountries) made.push(await createCountry(q, c));
  const germany = made[0]!;
  const { team } = await enterCountry(q, igeo.id, germany);
  await createUser(q, {
    role: 'teacher',
    username: 'teamadmin',
    password: ids.password,
    firstName: 'Anna',
    lastName: 'Schmidt',
    email: 'teamadmin@geo-team.example.de',
    schoolId: team.id,
  });
  await createUser(q, {
    role: 'learner',
    username: 'teamlearner',
    password: ids.password,
    firstName: 'Lukas',
    lastName: 'Weber',
    olympiadId: igeo.id,
    schoolId: team.id,
    grade: 11,
    email: null,
  });

  const m = await createModule(q, {
    olympiadId: igeo.id,
    title: 'The world',
    intro: '<p>Questions about the world’s places and climates.</p>',
    position: 1,
  });
  const o = (id: string, text: string) => ({ id, text, imageUrl: null });
  await createQuestion(q, {
    moduleId: m.id,
    position: 1,
    difficulty: 'easy',
    prompt: '<p>Which is the longest river in the world by most measurements?</p>',
    options: [o('a', 'The Nile'), o('b', 'The Danube'), o('c', 'The Orange'), o('d', 'The Rhine')],
    answerKey: { type: 'single', correct: 'a' },
  });
  await createQuestion(q, {
    moduleId: m.id,
    position: 2,
    difficulty: 'medium',
    type: 'true_false',
    prompt: '<p>The Equator passes through Brazil.</p>',
    options: [],
    answerKey: { type: 'true_false', correct: true },
  });
  await createQuestion(q, {
    moduleId: m.id,
    position: 3,
    difficulty: 'medium',
    prompt: '<p>Which ocean lies between Africa and Australia?</p>',
    options: [o('a', 'Atlantic'), o('b', 'Indian'), o('c', 'Pacific'), o('d', 'Arctic')],
    answerKey: { type: 'single', correct: 'b' },
  });
}
