import { Alert, Skeleton } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { FaqEditor } from '../components/FaqEditor.js';

/**
 * /{o}/admin/edit/general-copy: the olympiad's wording for its teachers. For now that is the teachers'
 * questions and answers about this olympiad (shown at /portal/{o}/faq); the FAQs for every teacher and the
 * public sites are the overlord's (/overlord/edit/faqs).
 */
export function OlympiadFaqsPage() {
  const { olympiad, error, isLoading } = useRouteOlympiad();
  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="General copy"
        description="The questions and answers this olympiad’s teachers read in their portal, in this order. Drafts stay here until you publish them."
      />
      {error ? <Alert color="red">{error.message}</Alert> : null}
      {isLoading ? <Skeleton height={160} /> : null}
      {olympiad ? (
        <FaqEditor
          group={{ audience: 'olympiad', olympiadId: olympiad.id, projectId: null }}
          groupLabel="Teachers’ questions and answers"
          chooseAudience={false}
          olympiads={[{ value: String(olympiad.id), label: olympiad.title }]}
          projects={[]}
        />
      ) : null}
    </>
  );
}
