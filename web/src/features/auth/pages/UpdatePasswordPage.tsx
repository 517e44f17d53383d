import { Paper } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader.js';
import { SetPasswordForm } from '../components/SetPasswordForm.js';

/** /portal/update-password */
export function UpdatePasswordPage() {
  return (
    <>
      <PageHeader title="Update password" description="Choose a new password for your account." />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={480}>
        <SetPasswordForm />
      </Paper>
    </>
  );
}
