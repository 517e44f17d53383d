import { useParams } from 'react-router';
import { NotAvailableYetNotice } from '../../../components/NotAvailableYet.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useCurrentGrant, useSessionUser } from '../../../lib/session/index.js';

/** /{olympiadName}/finance|funding/payments: the accountant's and funder's landing page. */
export function PaymentPortalPage() {
  const user = useSessionUser();
  const grant = useCurrentGrant();
  const { olympiadName } = useParams();
  return (
    <>
      <PageHeader
        eyebrow={grant?.olympiadTitle ?? olympiadName}
        title="Payment Portal"
        description={`Signed in as ${user?.name ?? ''}. Purchase orders and invoices of every school in this olympiad.`}
      />
      <NotAvailableYetNotice summary="Each school’s purchase order will be listed here, to mark paid, pre-approve or remove, with free learners and comments." />
    </>
  );
}
