import type { Queryable } from '../db/client.js';
import { faqs } from '../db/schema/index.js';

type Entry = [question: string, answer: string];

/** For every teacher (/portal/faq and /portal/{o}/faq). */
const portal: Entry[] = [
  [
    'How do I enter my school?',
    '<p>On the portal’s home page, choose the olympiad and press <strong>Enter my school</strong>. Your school then appears under “Your school’s olympiads”.</p>',
  ],
  [
    'How do I load my learners?',
    '<p>Open the olympiad, then <strong>Load learners</strong>. Download the template (Excel or CSV), fill in first name, surname and grade for each learner, and upload it.</p><p>You see a report on every row before anything is saved; fix the rows it points at and upload again. Nothing is saved until every row is right, and then all rows are saved together.</p>',
  ],
  [
    'Which file formats work?',
    '<p>Excel (.xlsx) and CSV. CSV files may be saved as UTF-8 (with or without BOM) or as Windows “ANSI” (Windows-1252): names with accents and apostrophes, such as Zoë or O’Neill, are kept as typed.</p>',
  ],
  [
    'Where do learners get their username and password?',
    '<p>Olympus makes them when learners are loaded. Download the <strong>sign-in slips</strong> (a PDF to print and cut, or CSV) and hand each learner their slip.</p>',
  ],
  [
    'A learner forgot their password. What now?',
    '<p>On the <strong>Load learners</strong> page, find the learner and choose <em>Set password</em>. Give the learner the new password; the old slip no longer works.</p>',
  ],
  ['Who do I contact?', '<p>Reply to any email from Olympus, or use the contact page of the olympiad’s website.</p>'],
];

/** For the teachers of the demo olympiad (/portal/geo-demo/faq). */
const olympiad: Entry[] = [
  [
    'When do my learners write?',
    '<p>The writing window is shown on the olympiad’s page in the portal. Each learner has 60 minutes from their first question, and may start at any time while the window is open.</p>',
  ],
  [
    'What do learners need on the day?',
    '<ul><li>A computer, tablet or phone with a current browser</li><li>Their sign-in slip (username and password)</li><li>A quiet place: the olympiad is written alone, without help</li></ul>',
  ],
  [
    'What if the internet drops while a learner writes?',
    '<p>Every answer is saved the moment it is given. The page keeps unsent answers and sends them when the connection is back; the learner may also sign in again on another device and carry on where they were.</p>',
  ],
];

/** For the public site of the geography project (/geography/faq). */
const project: Entry[] = [
  [
    'Who may take part?',
    '<p>Learners in grades 7 to 12 at any South African school. The school enters, not the learner: ask your geography teacher.</p>',
  ],
  [
    'How does a school enter?',
    '<p>A teacher fills in the <a href="/geography/expression-of-interest">expression of interest</a>. An organiser confirms it and mails the teacher a link to the teacher portal.</p>',
  ],
  [
    'What does it cost?',
    '<p>The fee per learner is set for each olympiad and invoiced to the school once its learners are loaded. Some learners may be entered free of charge; ask the organisers.</p>',
  ],
];

/** The demo FAQs, so the FAQ pages are not empty (one unpublished draft shows the editors what that looks like). */
export async function seedDemoFaqs(q: Queryable, ids: { geoDemoId: number; geographyProjectId: number }) {
  const rows = [
    ...portal.map(([question, answer], position) => ({ audience: 'portal' as const, question, answer, position })),
    ...olympiad.map(([question, answer], position) => ({
      audience: 'olympiad' as const,
      olympiadId: ids.geoDemoId,
      question,
      answer,
      position,
    })),
    {
      audience: 'olympiad' as const,
      olympiadId: ids.geoDemoId,
      question: 'Are calculators allowed? (draft)',
      answer: '<p>To be confirmed by the organisers.</p>',
      position: olympiad.length,
      published: false,
    },
    ...project.map(([question, answer], position) => ({
      audience: 'project' as const,
      projectId: ids.geographyProjectId,
      question,
      answer,
      position,
    })),
  ];
  await q.insert(faqs).values(rows);
}
