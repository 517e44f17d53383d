import { sql } from 'drizzle-orm';
import { CountRow, type Db, rows } from '../db/client.js';
import { seedAfrikaansDemo, translateGeoDemo } from './demo-afrikaans.js';
import { examDemoTexts, seedExamDemo } from './demo-exam.js';
import { seedDemoCopy } from './demo-copy.js';
import { seedDemoFaqs } from './demo-faqs.js';
import { seedInternationalDemo } from './demo-international.js';
import { seedResultsDemo } from './demo-results.js';
import {
  createContact,
  createAccount,
  createOlympiad,
  createProject,
  createSchool,
  createUser,
  enterSchool,
  grant,
  setPurchaseOrder,
} from './factories.js';

export const demoPassword = 'olympus-demo';

/** Every username the demo data signs in with (all with demoPassword). */
export const demoUsernames = [
  'overlord',
  'admin',
  'admin2',
  'accountant',
  'funding',
  'teacher',
  'teacher2',
  'learner1',
  'learner2',
  'igeoadmin',
  'teamadmin',
  'teamlearner',
] as const;

export interface SeedResult {
  password: string;
  accounts: Array<{ username: string; role: string; note: string }>;
}

const hours = (n: number) => new Date(Date.now() + n * 3_600_000);

/** geo-demo's useful contacts (interested and affected parties); one has no address, so mail reaches three. */
const demoContacts = [
  {
    name: 'Nomsa Khumalo',
    organisation: 'Gauteng Department of Education',
    role: 'Subject advisor, Geography (FET)',
    email: 'nomsa.khumalo@gde.example.org',
    phone: '011 355 0000',
    notes: 'Shares the olympiad with district geography teachers each term.',
  },
  {
    name: 'Dr Johan Steyn',
    organisation: 'Society of South African Geographers',
    role: 'Chair, education committee',
    email: 'johan.steyn@ssag.example.org',
    phone: null,
    notes: 'Reviews the question modules before the window opens.',
  },
  {
    name: 'Lindiwe Mahlangu',
    organisation: 'Karoo Mapping Trust',
    role: 'Sponsorship manager',
    email: 'lindiwe@karoomapping.example.org',
    phone: '021 461 2200',
    notes: 'Sponsors the prizes of the top ten learners.',
  },
  {
    name: 'Ayesha Davids',
    organisation: 'Cape Town Science Centre',
    role: 'Outreach coordinator',
    email: null,
    phone: '021 300 3200',
    notes: 'Prefers a phone call; hosts the prize-giving.',
  },
];

/** Demo data for `npm start` on an empty database. */
export async function seedDemo(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const geography = await createProject(tx, {
      projectName: 'geography',
      title: 'Geography Olympiad',
      seoTitle: 'Geography Olympiad — South Africa',
      shareTitle: 'The Geography Olympiad: maps, places and the world around us',
      description:
        'The Geography Olympiad invites learners from grades 7 to 12 to test their knowledge of maps, places, ' +
        'climate and people. Schools enter online; learners write online.',
      keywords: 'geography olympiad, geography competition, school olympiad, maps, South Africa',
    });
    const history = await createProject(tx, {
      projectName: 'history',
      title: 'History Olympiad',
      seoTitle: 'History Olympiad — South Africa',
      shareTitle: 'The History Olympiad',
      description: 'A history competition for South African schools, written online.',
      keywords: 'history olympiad, history competition, schools',
    });
    const afrikaans = await createProject(tx, {
      projectName: 'afrikaans',
      title: 'Afrikaans Olimpiade',
      seoTitle: 'Afrikaans Olimpiade',
      shareTitle: 'Die Afrikaans Olimpiade',
      description: "'n Aanlyn taalkompetisie vir skole: Afrikaans huistaal en eerste addisionele taal.",
      keywords: 'Afrikaans olimpiade, taal, skole',
      language: 'af',
    });
    const igeo = await createProject(tx, {
      projectName: 'igeo',
      title: 'International Geography Olympiad',
      seoTitle: 'International Geography Olympiad — team selection',
      shareTitle: 'The International Geography Olympiad',
      description: 'Countries enter teams of four learners for the International Geography Olympiad.',
      keywords: 'iGeo, international geography olympiad, country teams',
    });

    const year = new Date().getFullYear();
    const account = await createAccount(tx, {
      name: 'SA Geography Olympiad',
      legalName: 'South African Geography Olympiad NPC',
      registrationNumber: '2014/087341/08',
      vatNumber: '4870261934',
      address: 'Geography House, 25 Jorissen Street, Braamfontein, Johannesburg, 2001',
      email: 'accounts@geo-olympiad.example.org',
      phone: '011 717 6500',
      bankName: 'First National Bank',
      bankAccountName: 'SA Geography Olympiad NPC',
      bankAccountNumber: '62849173520',
      bankBranchCode: '250655',
      invoicePrefix: 'GEO',
      footer:
        'South African Geography Olympiad NPC is a non-profit company. Queries about this invoice: accounts@geo-olympiad.example.org or 011 717 6500.',
    });
    const geoDemo = await createOlympiad(tx, {
      accountId: account.id,
      projectId: geography.id,
      varName: 'geo-demo',
      title: `Geography Olympiad ${year} (demo)`,
      year,
      open: true,
      pinned: true,
      startsAt: hours(-24),
      endsAt: hours(24 * 30),
      durationMinutes: 60,
      feeCents: 3500,
      instructions: examDemoTexts.instructions,
      declaration: examDemoTexts.declaration,
      showScore: true,
      // The public copy says grades 7 to 12 (decision 045: every grade form offers only these).
      minGrade: 7,
      maxGrade: 12,
    });
    await createOlympiad(tx, {
      projectId: history.id,
      varName: `history-${year + 1}`,
      title: `History Olympiad ${year + 1}`,
      year: year + 1,
      startsAt: hours(24 * 120),
      endsAt: hours(24 * 127),
      durationMinutes: 90,
      minGrade: 8,
      maxGrade: 12,
    });
    await createOlympiad(tx, {
      projectId: afrikaans.id,
      varName: `afrikaans-${year + 1}`,
      title: `Afrikaans Olimpiade ${year + 1}`,
      year: year + 1,
      startsAt: hours(24 * 150),
      endsAt: hours(24 * 157),
      durationMinutes: 90,
      minGrade: 8,
      maxGrade: 12,
    });
    await createOlympiad(tx, {
      projectId: igeo.id,
      varName: `igeo-${year + 1}`,
      title: `iGeo team selection ${year + 1}`,
      year: year + 1,
      kind: 'country',
      startsAt: hours(24 * 90),
      endsAt: hours(24 * 91),
      durationMinutes: 120,
      minGrade: 10,
      maxGrade: 12,
    });

    const school1 = await createSchool(tx, {
      name: 'Hoërskool Waterkloof',
      emisNumber: '700400393',
      province: 'Gauteng',
      district: 'Tshwane South',
      town: 'Pretoria',
      address: 'Crown Street, Waterkloof, Pretoria',
      phone: '012 460 7512',
      email: 'info@waterkloof.example.org',
      type: 'Public',
    });
    const school2 = await createSchool(tx, {
      name: 'Rondebosch Boys’ High School',
      emisNumber: '105310032',
      province: 'Western Cape',
      district: 'Metro Central',
      town: 'Cape Town',
      address: 'Canigou Avenue, Rondebosch, Cape Town',
      phone: '021 686 3987',
      email: 'office@rbhs.example.org',
      type: 'Public',
    });
    const entry1 = await enterSchool(tx, geoDemo.id, school1.id);
    const entry2 = await enterSchool(tx, geoDemo.id, school2.id);
    // One school has paid; the other is pre-approved (allowed to write, not paid): the mass-mail audience
    // "teachers of schools not yet paid" reaches only the second (decision 020).
    await setPurchaseOrder(tx, entry1.id, { paid: true, schoolsPO: 'WK-PO-2026-014' });
    await setPurchaseOrder(tx, entry2.id, { preApproved: true, schoolsPO: 'RBHS 4471' });
    for (const contact of demoContacts) await createContact(tx, geoDemo.id, contact);

    const password = demoPassword;
    await createUser(tx, {
      role: 'overlord',
      username: 'overlord',
      password,
      firstName: 'Olwethu',
      lastName: 'Dlamini',
      email: 'overlord@olympus.example.org',
    });
    const admin = await createUser(tx, {
      role: 'admin',
      username: 'admin',
      password,
      firstName: 'Annelie',
      lastName: 'Botha',
      email: 'admin@olympus.example.org',
    });
    const accountant = await createUser(tx, {
      role: 'accountant',
      username: 'accountant',
      password,
      firstName: 'Sipho',
      lastName: 'Nkosi',
      email: 'accounts@olympus.example.org',
    });
    const funding = await createUser(tx, {
      role: 'funding',
      username: 'funding',
      password,
      firstName: 'Fatima',
      lastName: 'Patel',
      email: 'funding@olympus.example.org',
    });
    await grant(tx, admin.id, geoDemo.id, 'admin');
    // A second admin of geo-demo: questions are verified by an admin who did not edit them last.
    const admin2 = await createUser(tx, {
      role: 'admin',
      username: 'admin2',
      password,
      firstName: 'Bongani',
      lastName: 'Zulu',
      email: 'admin2@olympus.example.org',
    });
    await grant(tx, admin2.id, geoDemo.id, 'admin');
    await grant(tx, accountant.id, geoDemo.id, 'accountant');
    await grant(tx, funding.id, geoDemo.id, 'funding');
    await createUser(tx, {
      role: 'teacher',
      username: 'teacher',
      password,
      firstName: 'Thandi',
      lastName: 'Mokoena',
      email: 'teacher@waterkloof.example.org',
      schoolId: school1.id,
    });
    await createUser(tx, {
      role: 'teacher',
      username: 'teacher2',
      password,
      firstName: 'Pieter',
      lastName: 'van der Merwe',
      email: 'teacher@rbhs.example.org',
      schoolId: school2.id,
    });
    await seedDemoFaqs(tx, { geoDemoId: geoDemo.id, geographyProjectId: geography.id });
    // geo-quick's learners first, so that geo-demo's learner1/learner2 are the newest rows of those names.
    await seedExamDemo(tx, {
      geographyProjectId: geography.id,
      geoDemoId: geoDemo.id,
      school1Id: school1.id,
      school2Id: school2.id,
      password,
    });
    await createUser(tx, {
      role: 'learner',
      username: 'learner1',
      password,
      firstName: 'Lerato',
      lastName: 'Khumalo',
      olympiadId: geoDemo.id,
      schoolId: school1.id,
      grade: 10,
      email: null,
    });
    await createUser(tx, {
      role: 'learner',
      username: 'learner2',
      password,
      firstName: 'Jaco',
      lastName: 'Pretorius',
      olympiadId: geoDemo.id,
      schoolId: school2.id,
      grade: 11,
      email: null,
    });

    // An olympiad written in Afrikaans only, open as geo-demo is (decision 094).
    await seedAfrikaansDemo(tx, {
      afrikaansProjectId: afrikaans.id,
      school1Id: school1.id,
      school2Id: school2.id,
      password,
    });

    await seedResultsDemo(tx, {
      geographyProjectId: geography.id,
      school1Id: school1.id,
      school2Id: school2.id,
      adminIds: [admin.id, admin2.id],
    });
    await seedDemoCopy(tx, { geographyProjectId: geography.id });
    await seedInternationalDemo(tx, { igeoProjectId: igeo.id, password });
    // An olympiad opens only on a clean check (decision 077), so the demo's open and already written olympiads have
    // their questions verified, by the second admin (who edited none of them).
    await tx.execute(sql`
      update questions x set verified_at = now(), verified_by = ${admin2.id}
      from question_modules m join olympiads o on o.id = m.olympiad_id
      where x.module_id = m.id and x.retired_at is null and x.verified_at is null
        and (o.open or o.starts_at <= now())`);
    // geo-demo in English and Afrikaans: its whole paper in both, each language's version verified by the same.
    await translateGeoDemo(tx, geoDemo.id, admin2.id);

    return {
      password,
      accounts: [
        { username: 'overlord', role: 'overlord', note: 'platform owner' },
        { username: 'admin', role: 'admin', note: 'admin of geo-demo' },
        { username: 'admin2', role: 'admin', note: 'second admin of geo-demo (verifies questions)' },
        { username: 'accountant', role: 'accountant', note: 'finance, geo-demo' },
        { username: 'funding', role: 'funding', note: 'funding, geo-demo' },
        { username: 'teacher', role: 'teacher', note: 'Hoërskool Waterkloof' },
        { username: 'teacher2', role: 'teacher', note: 'Rondebosch Boys’ High School' },
        { username: 'learner1', role: 'learner', note: 'geo-demo, sign in with olympiad "geo-demo"' },
        { username: 'learner2', role: 'learner', note: 'geo-demo, sign in with olympiad "geo-demo"' },
        { username: 'learner1', role: 'learner', note: 'also in geo-quick (2-minute paper), olympiad "geo-quick"' },
        { username: 'leerder1', role: 'learner', note: 'afr-demo (Afrikaans only), sign in with olympiad "afr-demo"' },
        { username: 'leerder2', role: 'learner', note: 'afr-demo (Afrikaans only), sign in with olympiad "afr-demo"' },
        { username: 'igeoadmin', role: 'admin', note: 'admin of igeo-demo (countries enter)' },
        { username: 'teamadmin', role: 'teacher', note: 'team admin of Germany in igeo-demo' },
        { username: 'teamlearner', role: 'learner', note: 'Germany’s team, sign in with olympiad "igeo-demo"' },
      ],
    };
  });
}

/** Seeds only an empty database, so restarts keep what people changed. */
export async function seedDemoIfEmpty(db: Db): Promise<SeedResult | null> {
  const [count] = await rows(db, CountRow, sql`select count(*)::int as n from users`);
  if (Number(count?.n ?? 0) > 0) return null;
  return seedDemo(db);
}
