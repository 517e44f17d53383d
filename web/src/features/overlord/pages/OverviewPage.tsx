import { PageHeader } from '../../../components/PageHeader.js';
import { NotAvailableYetNotice } from '../../../components/NotAvailableYet.js';
import { useSessionUser } from '../../../lib/session/index.js';

/** /overlord/overview: the overlord's landing page. */
export function OverviewPage() {
  const user = useSessionUser();
  return (
    <>
      <PageHeader
        eyebrow="Platform overview"
        title={`Welcome, ${user?.name ?? 'overlord'}`}
        description="Every project and olympiad on Olympus, at a glance."
      />
      <NotAvailableYetNotice summary="Figures across all olympiads (schools, learners, sittings, payments and mail) will be shown here." />
    </>
  );
}
