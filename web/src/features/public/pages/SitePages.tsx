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
import { useLocale, useT } from '../../../lib/i18n/index.js';
import classes from './SitePages.module.css';

/** /olympus/home: the platform's welcome (site copy) and every olympiad. */
export function OlympusHomePage() {
  const copy = useSiteCopy();
  const t = useT();
  const body = copy.data?.pages.home.body ?? '';
  return (
    <Stack gap="xl" py="md">
      <Box component="section" className={classes.hero} aria-labelledby="olympus-home-title">
        <Title order={1} id="olympus-home-title" className={classes.heroTitle}>
          {t('public.olympusHome.title')}
        </Title>
        {body ? (
          <div lang="en">
            <RichCopy html={body} className={classes.heroCopy} />
          </div>
        ) : null}
      </Box>
      <Box component="section" aria-labelledby="olympus-olympiads">
        <Title order={2} id="olympus-olympiads" mb="md">
          {t('public.nav.olympiads')}
        </Title>
        <ProjectList />
      </Box>
    </Stack>
  );
}

/** /olympus/about */
export function AboutPage() {
  const t = useT();
  return <SiteCopyFrame page="about" title={t('public.about.title')} description={t('public.about.description')} />;
}

/**
 * /privacy: how the platform keeps personal data (decision 109), site copy in the page's language (`privacy-af`
 * for Afrikaans), linked from the footer and from a learner's privacy notice before the declaration.
 */
export function PrivacyPage() {
  const t = useT();
  const { locale } = useLocale();
  const copy = useSiteCopy();
  const page = locale === 'af' ? 'privacy-af' : 'privacy';
  const body = copy.data?.pages[page].body || copy.data?.pages.privacy.body || '';
  const lang = copy.data?.pages[page].body ? locale : 'en';
  return (
    <Stack gap="md" py="md">
      <Title order={1}>{t('public.privacy.title')}</Title>
      {copy.isPending ? null : body ? (
        <div lang={lang}>
          <RichCopy html={body} />
        </div>
      ) : (
        <Text>{t('public.copy.empty')}</Text>
      )}
    </Stack>
  );
}

/**
 * /olympus/terms: the terms and conditions in force, which a teacher accepts before entering a school, readable by
 * anyone before they sign up.
 */
export function TermsPage() {
  const terms = useTerms();
  const t = useT();
  const current = terms.data?.terms;
  return (
    <Stack gap="md" py="md">
      <Title order={1}>{t('public.footer.terms')}</Title>
      {terms.isPending ? null : current ? (
        <>
          <Text c="dimmed">
            {t('public.terms.version', { version: current.version, since: formatDate(current.publishedAt, 'date') })}
          </Text>
          <div lang="en">
            <RichCopy html={current.body} />
          </div>
        </>
      ) : (
        <Text>{terms.isError ? t('public.terms.failed') : t('public.terms.none')}</Text>
      )}
    </Stack>
  );
}

/** /olympus/our-partners: the copy, then every partner with its logo. */
export function OurPartnersPage() {
  const t = useT();
  return (
    <SiteCopyFrame page="our-partners" title={t('public.partners.title')}>
      {(copy) =>
        copy.partners.length ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" component="ul" className={classes.plainList}>
            {copy.partners.map((p) => (
              <PartnerCard key={p.id} partner={p} />
            ))}
          </SimpleGrid>
        ) : (
          <Text c="dimmed">{t('public.partners.none')}</Text>
        )
      }
    </SiteCopyFrame>
  );
}

function PartnerCard({ partner }: { partner: Partner }) {
  const t = useT();
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
          <Image src={partner.logoUrl} alt={t('public.partners.logo', { name: partner.name })} h={72} fit="contain" />
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
        {partner.description ? (
          <Text c="dimmed" lang="en">
            {partner.description}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** /olympus/our-users: the copy, then the published testimonials in order. */
export function OurUsersPage() {
  const testimonials = useTestimonials();
  const t = useT();
  return (
    <SiteCopyFrame page="our-users" title={t('public.nav.ourUsers')}>
      {() =>
        testimonials.data?.length ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" component="ul" className={classes.plainList}>
            {testimonials.data.map((quote) => (
              <Box component="li" key={quote.id} lang="en">
                <Blockquote color="olympus" radius="lg" className={classes.quote}>
                  <RichCopy html={quote.quote} />
                  <Text component="p" fw={600} mt="sm" mb={0}>
                    {quote.name}
                  </Text>
                  {quote.affiliation ? (
                    <Text component="p" c="dimmed" size="sm" m={0}>
                      {quote.affiliation}
                    </Text>
                  ) : null}
                </Blockquote>
              </Box>
            ))}
          </SimpleGrid>
        ) : testimonials.isPending ? null : (
          <Text c="dimmed">{t('public.users.none')}</Text>
        )
      }
    </SiteCopyFrame>
  );
}

/** /olympus/contact: the copy, then the contact form's place. */
export function OlympusContactPage() {
  const t = useT();
  return (
    <SiteCopyFrame page="contact" title={t('public.nav.contact')}>
      {() => <ContactFormSlot projectName={null} />}
    </SiteCopyFrame>
  );
}
