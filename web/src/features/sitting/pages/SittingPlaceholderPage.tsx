import { NotAvailableYetPage } from '../../../components/NotAvailableYet.js';

/** The learner pages still to come, in the learner bundle. */
export default function SittingPlaceholderPage() {
  return <NotAvailableYetPage />;
}
