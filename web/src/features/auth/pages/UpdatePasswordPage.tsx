import { Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PageHeader } from '../../../components/PageHeader.js';
import { SetPasswordForm } from '../components/SetPasswordForm.js';

/** /portal/update-password */
export function UpdatePasswordPage() {
  return (
    <>
      <PageHeader title="Update password" description="Choose a new password for your account." />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={480}>
        <SetPasswordForm
          onSaved={(message) => notifications.show({ color: 'green', title: 'Password saved', message })}
        />
      </Paper>
    </>
  );
}
