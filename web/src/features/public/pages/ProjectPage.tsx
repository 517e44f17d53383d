import { Alert, Anchor, Box, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { WebsiteCopySection } from '#contract/copy';
import { FaqAccordion } from '../../../components/FaqAccordion.js';
import { RichCopy } from '../../../components/RichCopy.js';
import { useT, type MessageId } from '../../../lib/i18n/index.js';
import { useLangTo } from '../language.js';
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
  const t = useT();
  return (
    <Stack gap={0} py="md">
      {frame.header}
      {frame.ready && copy.data?.home ? (
        <Box mb="xl" lang={frame.project.language ?? 'en'}>
          <RichCopy html={copy.data.home} />
        </Box>
      ) : null}
      {frame.ready ? (
        <section aria-labelledby="project-olympiads">
          <Title order={2} size="h3" id="project-olympiads" mb="md">
            {t('public.project.olympiads')}
          </Title>
          {frame.project.olympiads.length === 0 ? <Text>{t('public.project.noOlympiad')}</Text> : null}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {frame.project.olympiads.map((olympiad) => (
              <Card key={olympiad.id} withBorder radius="lg" padding="lg">
                <OlympiadRow olympiad={olympiad} own={frame.project.language ?? 'en'} />
              </Card>
            ))}
          </SimpleGrid>
        </section>
      ) : null}
    </Stack>
  );
}

type CopySection = Exclude<WebsiteCopySection, 'home'>;

/** What each copy page says before its organisers have written it. */
const unwritten: Record<CopySection, MessageId> = {
  about: 'public.project.unwritten.about',
  'participation-and-rules': 'public.project.unwritten.rules',
  contact: 'public.project.unwritten.contact',
};

/** Each copy page's heading. */
const headings: Record<CopySection, MessageId> = {
  about: 'public.project.page.about',
  'participation-and-rules': 'public.project.page.rules',
  contact: 'public.project.page.contact',
};

/**
 * /{projectName}/about, /participation-and-rules, /contact: the project's website copy for that page (edited at
 * /{olympiadName}/admin/edit/website-copy); the contact page also holds the contact form.
 */
export function ProjectCopyPage({ section }: { section: CopySection }) {
  const { projectName = '' } = useParams();
  const t = useT();
  const langTo = useLangTo();
  const frame = useProjectFrame(projectName, t(headings[section]));
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
          {copy.data && body ? (
            <div lang={frame.project.language ?? 'en'}>
              <RichCopy html={body} />
            </div>
          ) : null}
          {copy.data && !body ? (
            <Text c="dimmed">
              {t(unwritten[section])}{' '}
              <Anchor component={Link} to={langTo(`/${projectName}/faq`, frame.project.language)}>
                {t('public.project.readFaq')}
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

/** /{projectName}/faq: the project's questions and answers (edited at /overlord/edit/faqs). */
export function ProjectFaqPage() {
  const { projectName = '' } = useParams();
  const t = useT();
  const frame = useProjectFrame(projectName, t('public.faq.title'));
  const faqs = usePublicFaqs(projectName);
  return (
    <Stack gap={0} py="md">
      {frame.header}
      {frame.ready ? (
        <Box maw={860}>
          {faqs.error ? <Alert color="red">{faqs.error.message}</Alert> : null}
          {faqs.data ? (
            <FaqAccordion items={faqs.data} empty={t('public.faq.empty')} lang={frame.project.language ?? 'en'} />
          ) : (
            <Skeleton height={160} />
          )}
        </Box>
      ) : null}
    </Stack>
  );
}
