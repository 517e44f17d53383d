import { Anchor, Blockquote, Box, Card, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Partner } from '#contract/copy';
import { RichCopy } from '../../../components/RichCopy.js';
import { useTestimonials } from '../api/list-testimonials.js';
import { ContactFormSlot } from '../components/ContactFormSlot.js';
import { ProjectList } from '../components/ProjectList.js';
import { SiteCopyFrame } from '../components/SiteCopyPage.js';
import { useSiteCopy } from '../api/get-site-copy.js';
import { useTerms } from '../api/get-terms.js';
import { formatDate } from '../../../lib/dates.js';
import classes from './SitePages.module.css';

/** /olympus/home: the platform's welcome (site copy) and every olympiad. */
export function OlympusHomePage() {
  const copy = useSiteCopy();
  const body = copy.data?.pages.home.body ?? '';
  return (
    <Stack gap="xl" py="md">
      <Box component="section" className={classes.hero} aria-labelledby="olympus-home-title">
        <Title order={1} id="olympus-home-title" className={classes.heroTitle}>
          Online olympiads for South African schools
        </Title>
        {body ? <RichCopy html={body} className={classes.heroCopy} /> : null}
      </Box>
      <Box component="section" aria-labelledby="olympus-olympiads">
        <Title order={2} id="olympus-olympiads" mb="md">
          Olympiads
        </Title>
        <ProjectList />
      </Box>
    </Stack>
  );
}

/** /olympus/about */
export function AboutPage() {
  return (
    <SiteCopyFrame page="about" title="About Olympus" description="A platform for running school olympiads online." />
  );
}

/**
 * /olympus/terms: the terms and conditions in force, which a teacher accepts before entering a school, readable by
 * anyone before they sign up.
 */
export function TermsPage() {
  const terms = useTerms();
  const current = terms.data?.terms;
  return (
    <Stack gap="md" py="md">
      <Title order={1}>Terms and conditions</Title>
      {terms.isPending ? null : current ? (
        <>
          <Text c="dimmed">
            Version {current.version}, in force since {formatDate(current.publishedAt, 'date')}. A teacher accepts these
            terms before entering a school, and is asked again when they change.
          </Text>
          <RichCopy html={current.body} />
        </>
      ) : (
        <Text>
          {terms.isError
            ? 'The terms and conditions could not be loaded. Please try again in a moment.'
            : 'No terms and conditions have been published yet.'}
        </Text>
      )}
    </Stack>
  );
}

/** /olympus/our-partners: the copy, then every partner with its logo. */
export function OurPartnersPage() {
  return (
    <SiteCopyFrame page="our-partners" title="Our partners">
      {(copy) =>
        copy.partners.length ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" component="ul" className={classes.plainList}>
            {copy.partners.map((p) => (
              <PartnerCard key={p.id} partner={p} />
            ))}
          </SimpleGrid>
        ) : (
          <Text c="dimmed">Our partners will be presented here soon.</Text>
        )
      }
    </SiteCopyFrame>
  );
}

function PartnerCard({ partner }: { partner: Partner }) {
  const initials = partner.name
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .slice(0, 3)
    .map((w) => w[0])
    .join('');
  return (
    <Card component="li" withBorder radius="lg" padding="lg">
      <Card.Section className={classes.logo} inheritPadding py="md">
        {partner.logoUrl ? (
          <Image src={partner.logoUrl} alt={`${partner.name} logo`} h={72} fit="contain" />
        ) : (
          <Text className={classes.monogram} aria-hidden="true">
            {initials || partner.name.slice(0, 2)}
          </Text>
        )}
      </Card.Section>
      <Stack gap={6} mt="md">
        <Title order={2} size="h4">
          {partner.url ? (
            <Anchor href={partner.url} target="_blank" rel="noopener noreferrer">
              {partner.name}
            </Anchor>
          ) : (
            partner.name
          )}
        </Title>
        {partner.description ? <Text c="dimmed">{partner.description}</Text> : null}
      </Stack>
    </Card>
  );
}

/** /olympus/our-users: the copy, then the published testimonials in order. */
export function OurUsersPage() {
  const testimonials = useTestimonials();
  return (
    <SiteCopyFrame page="our-users" title="Our users">
      {() =>
        testimonials.data?.length ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" component="ul" className={classes.plainList}>
            {testimonials.data.map((t) => (
              <Box component="li" key={t.id}>
                <Blockquote color="olympus" radius="lg" className={classes.quote}>
                  <RichCopy html={t.quote} />
                  <Text component="p" fw={600} mt="sm" mb={0}>
                    {t.name}
                  </Text>
                  {t.affiliation ? (
                    <Text component="p" c="dimmed" size="sm" m={0}>
                      {t.affiliation}
                    </Text>
                  ) : null}
                </Blockquote>
              </Box>
            ))}
          </SimpleGrid>
        ) : testimonials.isPending ? null : (
          <Text c="dimmed">What our users say will be shown here soon.</Text>
        )
      }
    </SiteCopyFrame>
  );
}

/** /olympus/contact: the copy, then the contact form's place. */
export function OlympusContactPage() {
  return (
    <SiteCopyFrame page="contact" title="Contact">
      {() => <ContactFormSlot projectName={null} />}
    </SiteCopyFrame>
  );
}
