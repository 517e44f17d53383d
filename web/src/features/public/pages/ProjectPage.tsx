import { Alert, Anchor, Box, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { WebsiteCopySection } from '#contract/copy';
import { FaqAccordion } from '../../../components/FaqAccordion.js';
import { RichCopy } from '../../../components/RichCopy.js';
import { NotAvailableYetNotice } from '../../../components/NotAvailableYet.js';
import { useCurrentRoute } from '../../../lib/routing/index.js';
import { OlympiadRow } from '../components/ProjectCard.js';
import { useProjectFrame } from '../components/ProjectHeader.js';
import { useWebsiteCopy } from '../api/get-website-copy.js';
import { usePublicFaqs } from '../api/list-public-faqs.js';
import { ContactFormSlot } from '../components/ContactFormSlot.js';

/** /{projectName}/home: the project's public home, with its olympiads. */
export function ProjectHomePage() {
  const { projectName = '' } = useParams();
  const frame = useProjectFrame(projectName, null);
  const copy = useWebsiteCopy(projectName);
  return (
    <Stack gap={0} py="md">
      {frame.header}
      {frame.ready && copy.data?.home ? (
        <Box mb="xl">
          <RichCopy html={copy.data.home} />
        </Box>
      ) : null}
      {frame.ready ? (
        <section aria-labelledby="project-olympiads">
          <Title order={2} size="h3" id="project-olympiads" mb="md">
            Olympiads
          </Title>
          {frame.project.olympiads.length === 0 ? <Text>No olympiad is scheduled yet.</Text> : null}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {frame.project.olympiads.map((olympiad) => (
              <Card key={olympiad.id} withBorder radius="lg" padding="lg">
                <OlympiadRow olympiad={olympiad} />
              </Card>
            ))}
          </SimpleGrid>
        </section>
      ) : null}
    </Stack>
  );
}

/** What each copy page says before its organisers have written it. */
const unwritten: Record<Exclude<WebsiteCopySection, 'home'>, string> = {
  about: 'The organisers have not written about this olympiad yet.',
  'participation-and-rules': 'The organisers have not published the rules yet.',
  contact: 'The organisers have not published their contact details yet.',
};

/**
 * /{projectName}/about, /participation-and-rules, /contact: the project's website copy for that page (edited at
 * /{olympiadName}/admin/edit/website-copy); the contact page also holds the contact form.
 */
export function ProjectCopyPage({ section }: { section: Exclude<WebsiteCopySection, 'home'> }) {
  const { projectName = '' } = useParams();
  const route = useCurrentRoute();
  const frame = useProjectFrame(projectName, route?.title ?? '');
  const copy = useWebsiteCopy(projectName);
  const body = copy.data?.[section] ?? '';
  return (
    <Stack gap={0} py="md">
      {frame.header}
      {frame.ready ? (
        <Stack gap="xl">
          {copy.isPending ? <Skeleton height={200} radius="md" /> : null}
          {copy.error ? (
            <Alert color="red" variant="light" role="alert">
              {copy.error.message}
            </Alert>
          ) : null}
          {copy.data && body ? <RichCopy html={body} /> : null}
          {copy.data && !body ? (
            <Text c="dimmed">
              {unwritten[section]}{' '}
              <Anchor component={Link} to={`/${projectName}/faq`}>
                Read the questions and answers
              </Anchor>
              .
            </Text>
          ) : null}
          {section === 'contact' ? <ContactFormSlot projectName={projectName} /> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

export const ProjectAboutPage = () => <ProjectCopyPage section="about" />;
export const ProjectRulesPage = () => <ProjectCopyPage section="participation-and-rules" />;
export const ProjectContactPage = () => <ProjectCopyPage section="contact" />;

/** /{projectName}/past-olympiads, /past-winners: pages that come with a later release. */
export function ProjectSubPage() {
  const { projectName = '' } = useParams();
  const route = useCurrentRoute();
  const frame = useProjectFrame(projectName, route?.title ?? '');
  return (
    <Stack gap={0} py="md">
      {frame.header}
      {frame.ready ? <NotAvailableYetNotice summary={route?.summary ?? ''} /> : null}
    </Stack>
  );
}

/** /{projectName}/faq: the project's questions and answers (edited at /overlord/edit/faqs). */
export function ProjectFaqPage() {
  const { projectName = '' } = useParams();
  const frame = useProjectFrame(projectName, 'Questions and answers');
  const faqs = usePublicFaqs(projectName);
  return (
    <Stack gap={0} py="md">
      {frame.header}
      {frame.ready ? (
        <Box maw={860}>
          {faqs.error ? <Alert color="red">{faqs.error.message}</Alert> : null}
          {faqs.data ? (
            <FaqAccordion items={faqs.data} empty="No questions have been answered here yet." />
          ) : (
            <Skeleton height={160} />
          )}
        </Box>
      ) : null}
    </Stack>
  );
}
