import { NotAvailableYetNotice } from '../../../components/NotAvailableYet.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSessionUser } from '../../../lib/session/index.js';

/** /portal: the teacher's landing page. */
export function PortalHomePage() {
  const user = useSessionUser();
  return (
    <>
      <PageHeader eyebrow="Teacher portal" title={`Welcome, ${user?.name ?? 'teacher'}`} description="Your school’s olympiads in one place." />
      <NotAvailableYetNotice summary="The olympiads your school can enter will be listed here, each with its learners, invoices and certificates." />
    </>
  );
}
