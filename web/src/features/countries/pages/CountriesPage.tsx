import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { type Country, CountryInput } from '#contract/countries';
import { Confirm } from '../../../components/Confirm.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, pageOf, useListParams } from '../../../components/PagedTable.js';
import { EditorModal, type Editing, RowActions } from '../../../components/RowEditing.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useDeleteCountry } from '../api/delete-country.js';
import { useCountries } from '../api/list-countries.js';
import { useSaveCountry } from '../api/save-country.js';

/** /{o}/admin/edit/countries (and the finance/funding aliases) and /overlord/countries: the countries that may enter teams. */
export function CountriesPage() {
  const { olympiad } = useRouteOlympiad();
  const list = useListParams('name');
  const countries = useCountries(list.params);
  // The server says who may add and change countries (countries/policy.ts: the overlord, for every olympiad);
  // the page derives no role rule.
  const mayAdd = countries.data?.can.create ?? false;
  const [editing, setEditing] = useState<Editing<Country>>(null);
  const [removing, setRemoving] = useState<Country | null>(null);
  const remove = useDeleteCountry();

  const columns: Column<Country>[] = [
    {
      key: 'name',
      label: 'Country',
      sortable: true,
      render: (c) => (
        <Text fw={600} size="sm">
          {c.name}
        </Text>
      ),
    },
    { key: 'code', label: 'ISO code', sortable: true, render: (c) => <code>{c.code}</code> },
    { key: 'timeZone', label: 'Time zone', render: (c) => c.timeZone.replace(/_/g, ' ') },
    { key: 'entries', label: 'Olympiads entered', render: (c) => c.entries },
    {
      key: 'actions',
      label: 'Actions',
      render: (c) => (
        <RowActions
          name={c.name}
          onEdit={c.can.update && (() => setEditing(c))}
          onRemove={c.can.delete && (() => setRemoving(c))}
          removeLabel="Remove"
          removeDisabled={c.entries > 0}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Countries"
        description={
          countries.data && !mayAdd
            ? 'The countries that may enter teams: ISO 3166 code, name, and the time zone their learners read times in. The overlord keeps this list for every olympiad; ask them to add or change a country.'
            : 'The countries that may enter teams: ISO 3166 code, name, and the time zone their learners read times in.'
        }
        actions={mayAdd ? <Button onClick={() => setEditing('new')}>Add a country</Button> : null}
      />
      <PagedTable
        label="Countries"
        columns={columns}
        {...pageOf(countries)}
        rowKey={(c) => c.id}
        list={list}
        searchPlaceholder="Search by name or code"
        empty="No countries yet."
      />
      <EditorModal
        editing={editing}
        onClose={() => setEditing(null)}
        titles={{ add: 'Add a country', edit: 'Edit country' }}
      >
        {(country) => <CountryForm country={country} onDone={() => setEditing(null)} />}
      </EditorModal>
      <Confirm
        opened={removing !== null}
        title="Remove this country?"
        confirmLabel="Remove"
        color="red.9"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      >
        <b>{removing?.name}</b> is removed from the list. A country entered in an olympiad stays.
      </Confirm>
    </>
  );
}

/** Every IANA time zone this browser knows, for the picker. */
function timeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['Africa/Johannesburg', 'Europe/Berlin', 'UTC'];
}

function CountryForm({ country, onDone }: { country: Country | null; onDone: () => void }) {
  const save = useSaveCountry();
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z.replace(/_/g, ' ') })), []);
  const form = useSchemaForm({
    schema: CountryInput,
    mode: 'controlled',
    initialValues: { code: country?.code ?? '', name: country?.name ?? '', timeZone: country?.timeZone ?? '' },
    validateInputOnBlur: true,
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate({ id: country?.id ?? null, values }, { onSuccess: onDone, onError: form.setServerErrors }),
      )}
    >
      <Stack>
        {save.error ? (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        ) : null}
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <TextInput
          label="ISO 3166 code"
          description="Two letters, e.g. DE for Germany"
          required
          maxLength={2}
          w={160}
          {...form.getInputProps('code')}
        />
        <Select
          label="Time zone"
          description="The window and deadline are shown to the country’s learners in this zone"
          required
          searchable
          data={zones}
          limit={50}
          {...form.getInputProps('timeZone')}
          onChange={(v) => form.setFieldValue('timeZone', v ?? '')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {country ? 'Save' : 'Add country'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
