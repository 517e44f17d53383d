import { Paper, Text, Title } from '@mantine/core';
import { ActAsUserForm } from '../../../components/ActAsUserForm.js';
import { NotAvailableYetNotice } from '../../../components/NotAvailableYet.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useOlympiadChoices } from '../api/list-olympiad-choices.js';

/** /overlord/search: search comes later; acting as a user by email works now. */
export function SearchPage() {
  const olympiads = useOlympiadChoices();
  return (
    <>
      <PageHeader title="Search" description="Find users, schools and learners across the platform." />
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        mb="xl"
        maw={720}
        component="section"
        aria-labelledby="act-as"
      >
        <Title order={2} size="h3" id="act-as" mb={4}>
          Act as a user
        </Title>
        <Text c="dimmed" mb="md">
          See Olympus as a user sees it. A banner lets you return to your own account at any time; the switch is logged.
        </Text>
        <ActAsUserForm olympiads={olympiads.data} />
      </Paper>
      <NotAvailableYetNotice summary="A search over users, schools, teachers and learners of every olympiad will be here." />
    </>
  );
}
