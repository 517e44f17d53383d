import { Paper } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader.js';
import { SetPasswordForm } from '../components/SetPasswordForm.js';
import { SignedInSessionsCard } from '../components/SignedInSessionsCard.js';
import { useT } from '../../../lib/i18n/index.js';

/** /portal/update-password: the teacher's account, their password and their signed-in sessions. */
export function UpdatePasswordPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('portal.account.updateTitle')} description={t('portal.account.updateDescription')} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={480}>
        <SetPasswordForm />
      </Paper>
      <SignedInSessionsCard />
    </>
  );
}
