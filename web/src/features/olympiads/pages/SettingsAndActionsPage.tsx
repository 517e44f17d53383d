import { Paper, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ActAsUserForm } from '../../../components/ActAsUserForm.js';
import { NotAvailableYetNotice } from '../../../components/NotAvailableYet.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useCurrentGrant } from '../../../lib/session/index.js';

/** /{olympiadName}/admin/settings-and-actions: settings come later; acting as a user works now. */
export function SettingsAndActionsPage() {
  const grant = useCurrentGrant();
  const { olympiadName } = useParams();
  return (
    <>
      <PageHeader eyebrow={grant?.olympiadTitle ?? olympiadName} title="Settings and actions" />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} mb="xl" maw={720} component="section" aria-labelledby="act-as">
        <Title order={2} size="h3" id="act-as" mb={4}>
          Act as a user
        </Title>
        <Text c="dimmed" mb="md">
          See this olympiad as one of its teachers or learners sees it. A banner lets you return to your own account.
        </Text>
        {grant ? <ActAsUserForm olympiadId={grant.olympiadId} /> : <Text>You have no grant for this olympiad.</Text>}
      </Paper>
      <NotAvailableYetNotice summary="Opening and closing the olympiad, pinning it, its writing window and the check of what still blocks opening will be here." />
    </>
  );
}
