import { Alert, Box, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { FaqAccordion } from '../../../components/FaqAccordion.js';
import { NotAvailableYetNotice } from '../../../components/NotAvailableYet.js';
import { useCurrentRoute } from '../../../lib/routing/index.js';
import { OlympiadRow } from '../components/ProjectCard.js';
import { useProjectFrame } from '../components/ProjectHeader.js';
import { usePublicFaqs } from '../api/list-public-faqs.js';

/** /{projectName}/home: the project's public home, with its olympiads. */
export function ProjectHomePage() {
  const { projectName = '' } = useParams();
  const frame = useProjectFrame(projectName, null);
  return (
    <Stack gap={0} py="md">
      {frame.header}
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

/** /{projectName}/about, /participation-and-rules, /past-olympiads, … : copy that comes with a later release. */
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
