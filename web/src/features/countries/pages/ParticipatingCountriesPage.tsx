import { Alert, Badge, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { type CountryParticipant, TeamAdminInput } from '#contract/countries';
import { Confirm } from '../../../components/Confirm.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useDeleteCountryParticipant } from '../api/delete-country-participant.js';
import { useEnterCountry } from '../api/enter-country.js';
import { useCountries } from '../api/list-countries.js';
import { useCountryParticipants } from '../api/list-country-participants.js';

const statusLabel: Record<CountryParticipant['status'], string> = {
  entered: 'Entered',
  learners_loaded: 'Team registered',
  withdrawn: 'Withdrawn',
};
const statusColor = { entered: 'yellow', learners_loaded: 'green', withdrawn: 'gray' } as const;

/** /{o}/admin/edit/participating-countries (and the finance/funding aliases). */
export function ParticipatingCountriesPage() {
  const { olympiad } = useRouteOlympiad();
  const list = useListParams('countryName');
  const participants = useCountryParticipants({ ...list.params, olympiadId: olympiad?.id }, olympiad != null);
  // The server says who may enter countries (countries/policy.ts); the page derives no role rule.
  const mayEnter = participants.data?.can.enter ?? false;
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<CountryParticipant | null>(null);
  const remove = useDeleteCountryParticipant();

  const columns: Column<CountryParticipant>[] = [
    {
      key: 'countryName',
      label: 'Country',
      sortable: true,
      render: (p) => (
        <Text fw={600} size="sm">
          {p.countryName} <code>{p.countryCode}</code>
        </Text>
      ),
    },
    {
      key: 'teamAdmins',
      label: 'Team admin',
      render: (p) =>
        p.teamAdmins.length ? (
          p.teamAdmins.map((a) => (
            <Text size="sm" key={a.id}>
              {a.name}{' '}
              {a.verified ? null : (
                <Badge color="yellow" variant="light" tt="none" size="sm">
                  Not verified
                </Badge>
              )}
            </Text>
          ))
        ) : (
          <Text size="sm" c="red.9">
            None yet
          </Text>
        ),
    },
    {
      key: 'learnerCount',
      label: 'Team',
      sortable: true,
      render: (p) => `${p.learnerCount} of ${p.teamSize}`,
    },
    {
      key: 'leaders',
      label: 'Leaders',
      render: (p) => (p.leaders.length ? p.leaders.map((l) => l.name).join(', ') : '—'),
    },
    {
      key: 'status',
      label: 'Status',
      render: (p) => (
        <Badge color={statusColor[p.status]} variant="light" tt="none">
          {statusLabel[p.status]}
        </Badge>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (p) =>
        p.can.delete ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={p.learnerCount > 0}
            aria-label={`Remove ${p.countryName} from the olympiad`}
            onClick={() => setRemoving(p)}
          >
            Remove
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            View only
          </Text>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Participating countries"
        description="The countries entered in this olympiad, their team admins, teams and leaders."
        actions={mayEnter ? <Button onClick={() => setAdding(true)}>Enter a country</Button> : null}
      />
      {olympiad && olympiad.kind !== 'country' ? (
        <Alert color="yellow" mb="md">
          {olympiad.title} is entered by schools; countries enter olympiads of the country kind only.
        </Alert>
      ) : null}
      <PagedTable
        label="Participating countries"
        columns={columns}
        rows={participants.data?.items}
        total={participants.data?.total ?? 0}
        rowKey={(p) => p.id}
        list={list}
        loading={participants.isFetching}
        error={participants.error}
        searchPlaceholder="Search by country or code"
        empty="No countries are entered yet."
      />
      <Modal opened={adding} onClose={() => setAdding(false)} title="Enter a country" size="lg">
        {adding && olympiad ? <EnterCountryForm olympiadId={olympiad.id} onDone={() => setAdding(false)} /> : null}
      </Modal>
      <Confirm
        opened={removing !== null}
        title="Take this country out?"
        confirmLabel="Take out"
        color="red.9"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      >
        <b>{removing?.countryName}</b> is no longer entered in this olympiad. Its team admins keep their accounts.
      </Confirm>
    </>
  );
}

const EnterValues = TeamAdminInput.extend({ countryId: z.string().min(1, 'Choose the country') });

function EnterCountryForm({ olympiadId, onDone }: { olympiadId: number; onDone: () => void }) {
  const enter = useEnterCountry();
  const countries = useCountries({ page: 1, pageSize: 500, sort: 'name', order: 'asc' });
  const form = useSchemaForm({
    schema: EnterValues,
    mode: 'controlled',
    initialValues: { countryId: '', firstName: '', lastName: '', email: '' },
    // The server names the team admin's fields under `teamAdmin`.
    fieldOf: { 'teamAdmin.firstName': 'firstName', 'teamAdmin.lastName': 'lastName', 'teamAdmin.email': 'email' },
    validateInputOnBlur: true,
  });
  const options = (countries.data?.items ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${c.code})` }));
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ countryId, ...teamAdmin }) =>
        enter.mutate(
          { olympiadId, countryId: Number(countryId), teamAdmin },
          { onSuccess: onDone, onError: form.setServerErrors },
        ),
      )}
    >
      <Stack>
        {enter.error ? (
          <Alert color="red" role="alert">
            {enter.error.message}
          </Alert>
        ) : null}
        <Select
          label="Country"
          required
          searchable
          data={options}
          nothingFoundMessage="No such country: add it on the countries page first"
          {...form.getInputProps('countryId')}
          onChange={(v) => form.setFieldValue('countryId', v ?? '')}
        />
        <Text fw={600} size="sm" mt="xs">
          Team admin
        </Text>
        <Text size="sm" c="dimmed" mt={-8}>
          The person who registers the country’s team. They get a mail with a link to choose a password.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" required {...form.getInputProps('firstName')} />
          <TextInput label="Surname" required {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
        <Group justify="flex-end">
          <Button type="submit" loading={enter.isPending}>
            Enter country
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
