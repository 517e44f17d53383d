import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { partners, siteCopy, termsVersions, testimonials, websiteCopy } from '../db/schema/index.js';

/**
 * The demo's copy: the geography project's public pages, the platform's own pages, partners,
 * testimonials, and version 1 of the terms, accepted by the demo's teachers (so that a teacher who registers
 * later, or a new version, is what asks for an acceptance).
 */

const geography = {
  home: `<p>The Geography Olympiad is South Africa’s online geography competition for learners in grades 7 to 12. Learners
write one paper of map work, climate, landforms, settlement and current affairs, at their own school, on any
device with a browser.</p>
<p><strong>Schools enter for free</strong>: the fee is per learner, and the olympiad is open to public and independent schools
in every province.</p>`,
  about: `<h2>What the olympiad is</h2>
<p>Since 2003 the Geography Olympiad has asked learners to read maps, reason about the places they live in and make sense of
the world around them. Each year about 20,000 learners from more than 600 schools take part.</p>
<h2>Who runs it</h2>
<p>The olympiad is run by the South African Geography Olympiad NPC, a non-profit company, with geography teachers and
university geographers who set and check every question. The best learners are invited to the national round, from
which South Africa’s team for the International Geography Olympiad is chosen.</p>
<h2>Why it matters</h2>
<ul><li>It rewards understanding over memorising: most questions use a map, a graph or a photograph.</li>
<li>It is written online, so a school in a small town enters on the same terms as a school in a city.</li>
<li>Every learner receives a certificate, and the top learners of each province receive medals.</li></ul>`,
  'participation-and-rules': `<h2>Who may enter</h2>
<p>Learners in grades 7 to 12 at any South African school. A school enters through its teacher, who registers the school,
loads the learners and receives the invoice.</p>
<h2>How to enter</h2>
<ol><li>The teacher fills in the <a href="/geography/expression-of-interest">expression of interest</a>.</li>
<li>The organisers confirm the school and mail the teacher a link to the portal.</li>
<li>In the portal the teacher enters the school, loads the learners from a spreadsheet and prints their sign-in slips.</li></ol>
<h2>The rules of writing</h2>
<ul><li>Each learner writes once, alone, in one sitting of 60 minutes, while the writing window is open.</li>
<li>No books, notes, other websites or help from other people. An atlas is not allowed.</li>
<li>A calculator is allowed; a phone is allowed only as the device the learner writes on.</li>
<li>Every answer is saved the moment it is given. If the connection drops, the learner signs in again and carries on
where they were; the clock keeps running.</li>
<li>Papers that show signs of copying are checked by the organisers, who may disqualify them.</li></ul>
<h2>Fees</h2>
<p>R35 per learner, invoiced to the school once its learners are loaded. Schools in quintiles 1 to 3 may ask for free
entries.</p>`,
  contact: `<p><strong>South African Geography Olympiad NPC</strong><br>Geography House, 25 Jorissen Street, Braamfontein,
Johannesburg, 2001</p>
<ul><li>Entries and the portal: <a href="mailto:entries@geo-olympiad.example.org">entries@geo-olympiad.example.org</a></li>
<li>Invoices and payments: <a href="mailto:accounts@geo-olympiad.example.org">accounts@geo-olympiad.example.org</a></li>
<li>Telephone: 011 717 6500, weekdays from 08:00 to 16:00</li></ul>`,
};

const platform = {
  home: `<p>Olympus runs subject olympiads for South African schools online: the Geography, History and Afrikaans olympiads,
and South Africa’s team selection for the International Geography Olympiad.</p>
<p>Teachers enter their schools and load their learners; learners write on the device they have; results, certificates and
invoices follow without paper.</p>`,
  about: `<h2>A platform for school olympiads</h2>
<p>Olympus was built for the people who run olympiads: organisers who set the questions, follow the schools and publish the
results; finance staff who handle orders and payments; teachers who enter their school; and learners, who write once,
online.</p>
<h2>What matters to us</h2>
<ul><li><strong>Writing day.</strong> Every answer is saved the moment it is given, and a lost connection never loses an
answer the server has received.</li>
<li><strong>Every school.</strong> The pages work on a phone, with a keyboard and with a screen reader.</li>
<li><strong>Privacy.</strong> Learners’ names appear in public only as their olympiad chooses, and only with consent.</li></ul>`,
  'our-partners': `<p>The olympiads on Olympus are possible because of the organisations below, who fund prizes, set questions
and open their doors to the national rounds.</p>`,
  'our-users': `<p>Teachers, organisers and learners from across South Africa use Olympus every year. Here is what some of them
say.</p>`,
  contact: `<p>Questions about an olympiad, its entries or its results go to that olympiad’s organisers: their address is on the
olympiad’s own contact page.</p>
<p>Questions about Olympus itself: <a href="mailto:hello@olympus.example.org">hello@olympus.example.org</a>.</p>`,
};

const partnerList = [
  {
    name: 'Department of Basic Education',
    url: 'https://www.education.gov.za',
    description: 'Endorses the olympiads and circulates them to provincial education departments.',
  },
  {
    name: 'Society of South African Geographers',
    url: 'https://www.ssag.co.za',
    description: 'Its members set and moderate the Geography Olympiad’s questions.',
  },
  {
    name: 'University of the Witwatersrand',
    url: 'https://www.wits.ac.za',
    description: 'Hosts the national round and the training camp of the International Geography Olympiad team.',
  },
  {
    name: 'Nedbank Foundation',
    url: 'https://www.nedbank.co.za',
    description: 'Funds free entries for schools in quintiles 1 to 3.',
  },
];

const testimonialList = [
  {
    quote:
      '<p>Loading 180 learners took me ten minutes with the spreadsheet, and the report showed me the three rows I had got wrong before anything was saved.</p>',
    name: 'Thandi Mokoena',
    affiliation: 'Geography teacher, Hoërskool Waterkloof, Pretoria',
  },
  {
    quote:
      '<p>Our learners wrote on their phones in the school hall. Two lost the Wi-Fi halfway; they signed in again and carried on where they were.</p>',
    name: 'Sipho Ndlovu',
    affiliation: 'Head of Social Sciences, Vryheid Comprehensive School',
  },
  {
    quote:
      '<p>Marking used to take our volunteers three weekends. Now results are ready when the window closes, and certificates go to every school the same week.</p>',
    name: 'Annelie Botha',
    affiliation: 'Organiser, Geography Olympiad',
  },
  {
    quote: '<p>I liked that the questions used real maps of places I know. I am writing again next year.</p>',
    name: 'Lerato K.',
    affiliation: 'Grade 10 learner, Gauteng',
  },
];

const terms = `<h2>1. Who these terms are for</h2>
<p>These terms apply to teachers who enter a school in an olympiad on Olympus, and to the school they enter.</p>
<h2>2. Learners’ information</h2>
<p>You may load a learner only with the knowledge of the school. Olympus uses learners’ names, grades and answers only to run
the olympiad, mark it, issue certificates and, where the olympiad publishes winners, show them as the olympiad chose.</p>
<h2>3. Writing the olympiad</h2>
<p>You undertake that your learners write alone, in one sitting, without help, and that you will not share the questions
before the writing window has closed.</p>
<h2>4. Fees</h2>
<p>An olympiad’s fee is per learner loaded, invoiced to the school, and payable within 30 days of the invoice.</p>
<h2>5. Changes</h2>
<p>When these terms change you will be asked to accept the new version before you enter a school again.</p>`;

export async function seedDemoCopy(q: Queryable, ids: { geographyProjectId: number }): Promise<void> {
  await q
    .insert(websiteCopy)
    .values(Object.entries(geography).map(([section, body]) => ({ projectId: ids.geographyProjectId, section, body })));
  await q.insert(siteCopy).values(Object.entries(platform).map(([page, body]) => ({ page, body })));
  await q.insert(partners).values(partnerList.map((p, position) => ({ ...p, position })));
  await q.insert(testimonials).values(testimonialList.map((t, position) => ({ ...t, position })));
  const [v1] = await q
    .insert(termsVersions)
    .values({ version: 1, body: terms, summary: 'The first version.' })
    .returning({ id: termsVersions.id });
  await q.execute(
    sql`insert into terms_acceptances (user_id, terms_version_id) select id, ${v1!.id} from users where role = 'teacher'`,
  );
}
