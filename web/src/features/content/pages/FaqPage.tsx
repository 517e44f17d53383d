import { Alert, Skeleton, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { FaqAccordion } from '../../../components/FaqAccordion.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useFaqs } from '../api/list-faqs.js';

const all = { page: 1, pageSize: 500, sort: 'position', order: 'asc' } as const;

/**
 * /portal/faq (the questions for every teacher) and /portal/{o}/faq (that olympiad's questions first, then
 * the ones for every teacher). The FAQs are edited at /overlord/edit/faqs and by the olympiad's admins.
 */
export function FaqPage() {
  const { olympiadName } = useParams();
  const { olympiad, error: olympiadError } = useRouteOlympiad();
  const general = useFaqs({ ...all, audience: 'portal' });
  const own = useFaqs({ ...all, audience: 'olympiad', olympiadId: olympiad?.id }, olympiad != null);
  const error = olympiadName ? (olympiadError ?? own.error ?? general.error) : general.error;
  return (
    <>
      <PageHeader
        eyebrow={olympiadName ? (olympiad?.title ?? olympiadName) : 'Teacher portal'}
        title="Questions and answers"
        description="What teachers ask most often."
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
              About {olympiad?.title ?? 'this olympiad'}
            </Title>
            {own.data ? (
              <FaqAccordion items={own.data.items} empty="No questions about this olympiad yet." />
            ) : (
              <Skeleton height={120} />
            )}
          </section>
        ) : null}
        <section
          aria-labelledby={olympiadName ? 'faq-general' : undefined}
          aria-label={olympiadName ? undefined : 'Questions and answers'}
        >
          {olympiadName ? (
            <Title order={2} size="h3" id="faq-general" mb="sm">
              For every teacher
            </Title>
          ) : null}
          {general.data ? (
            <FaqAccordion items={general.data.items} empty="No questions yet." />
          ) : (
            <Skeleton height={200} />
          )}
        </section>
      </Stack>
    </>
  );
}
