import { NotAvailableYetNotice } from '../../../components/NotAvailableYet.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSessionUser } from '../../../lib/session/index.js';

/** /{olympiadName}/olympiad/instructions: the learner's landing page (its own bundle). */
export default function InstructionsPage() {
  const user = useSessionUser();
  return (
    <>
      <PageHeader eyebrow={user?.olympiadName ?? 'Olympiad'} title={`Hello, ${user?.name ?? 'learner'}`} description="Instructions" />
      <NotAvailableYetNotice summary="How the olympiad works (its modules, time limit and rules) will be explained here before you start." />
    </>
  );
}
