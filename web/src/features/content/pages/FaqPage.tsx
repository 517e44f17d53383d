import { Accordion, Paper, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.js';

/**
 * /portal/faq and /portal/{o}/faq. FAQs have no data model yet (the content issue brings the
 * overlord's /overlord/edit/faqs); until then the teacher's questions are answered here, in the page.
 */
const faqs = [
  [
    'How do I enter my school?',
    'On the portal’s home page, choose the olympiad and press “Enter my school”. Your school then appears under “Your school’s olympiads”.',
  ],
  [
    'How do I load my learners?',
    'Open the olympiad, then “Load learners”. Download the template (Excel or CSV), fill in first name, surname and grade for each learner, and upload it. You see a report on every row before anything is saved; fix the rows it points at and upload again. Nothing is saved until every row is right.',
  ],
  [
    'Which file formats work?',
    'Excel (.xlsx) and CSV. CSV files may be saved as UTF-8 (with or without BOM) or as Windows “ANSI” (Windows-1252): names with accents and apostrophes, such as Zoë or O’Neill, are kept as typed.',
  ],
  [
    'Where do learners get their username and password?',
    'Olympus makes them when learners are loaded. Download the sign-in slips (PDF to print and cut, or CSV) and hand each learner their slip.',
  ],
  [
    'A learner forgot their password. What now?',
    'On the “Load learners” page, find the learner and choose “Set password”. Give the learner the new password.',
  ],
  [
    'Can I correct a learner’s name or grade?',
    'Yes: on the “Load learners” page, edit the learner. You can also add or remove single learners there.',
  ],
  ['Who do I contact?', 'Reply to any email from Olympus, or use the contact page of the olympiad’s website.'],
] as const;

export function FaqPage() {
  const { olympiadName } = useParams();
  return (
    <>
      <PageHeader
        eyebrow={olympiadName ? olympiadName : 'Teacher portal'}
        title="Questions and answers"
        description="What teachers ask most often."
      />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} maw={860}>
        <Accordion variant="separated">
          {faqs.map(([q, a]) => (
            <Accordion.Item key={q} value={q}>
              <Accordion.Control>{q}</Accordion.Control>
              <Accordion.Panel>
                <Text>{a}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Paper>
    </>
  );
}
