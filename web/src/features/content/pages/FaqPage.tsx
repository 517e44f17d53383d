import { Alert, Skeleton, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { FaqAccordion } from '../../../components/FaqAccordion.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useFaqs } from '../api/list-faqs.js';
import { useT } from '../../../lib/i18n/index.js';

const all = { page: 1, pageSize: 500, sort: 'position', order: 'asc' } as const;

/**
 * /portal/faq (the questions for every teacher) and /portal/{o}/faq (that olympiad's questions first, then
 * the ones for every teacher). The FAQs are edited at /overlord/edit/faqs and by the olympiad's admins.
 */
export function FaqPage() {
  const t = useT();
  const { olympiadName } = useParams();
  const { olympiad, error: olympiadError } = useRouteOlympiad();
  const general = useFaqs({ ...all, audience: 'portal' });
  const own = useFaqs({ ...all, audience: 'olympiad', olympiadId: olympiad?.id }, olympiad != null);
  const error = olympiadName ? (olympiadError ?? own.error ?? general.error) : general.error;
  return (
    <>
      <PageHeader
        eyebrow={olympiadName ? (olympiad?.title ?? olympiadName) : t('portal.faq.eyebrow')}
        title={t('portal.faq.title')}
        description={t('portal.faq.description')}
      />
      {error ? (
        <Alert color="red" mb="md">
          {error.message}
        </Alert>
      ) : null}
      <Stack gap="xl" maw={860}>
        {olympiadName ? (
          <section aria-labelledby="faq-olympiad">
            <Title order={2} size="h3" id="faq-olympiad" mb="sm">
              {olympiad?.title ? t('portal.faq.about', { title: olympiad.title }) : t('portal.faq.thisOlympiad')}
            </Title>
            {own.data ? (
              <FaqAccordion items={own.data.items} empty={t('portal.faq.noneOlympiad')} />
            ) : (
              <Skeleton height={120} />
            )}
          </section>
        ) : null}
        <section
          aria-labelledby={olympiadName ? 'faq-general' : undefined}
          aria-label={olympiadName ? undefined : t('portal.faq.title')}
        >
          {olympiadName ? (
            <Title order={2} size="h3" id="faq-general" mb="sm">
              {t('portal.faq.everyTeacher')}
            </Title>
          ) : null}
          {general.data ? (
            <FaqAccordion items={general.data.items} empty={t('portal.faq.none')} />
          ) : (
            <Skeleton height={200} />
          )}
        </section>
      </Stack>
    </>
  );
}
