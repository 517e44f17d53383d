import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { provinces, type School, SchoolInput, schoolTypes } from '#contract/schools';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useSaveSchool } from '../api/save-school.js';

/** Add or edit a school (overlord), every field of a school register. */
export function SchoolForm({ school, onDone }: { school: School | null; onDone: () => void }) {
  const save = useSaveSchool();
  const form = useSchemaForm({
    schema: SchoolInput,
    mode: 'uncontrolled',
    initialValues: {
      name: school?.name ?? '',
      emisNumber: school?.emisNumber ?? '',
      province: school?.province ?? '',
      district: school?.district ?? '',
      town: school?.town ?? '',
      address: school?.address ?? '',
      phone: school?.phone ?? '',
      email: school?.email ?? '',
      type: school?.type ?? '',
    },
    validateInputOnBlur: true,
  });
  const submit = form.onSubmit((values) =>
    save.mutate({ id: school?.id ?? null, values }, { onSuccess: onDone, onError: form.setServerErrors }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.error ? (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        ) : null}
        <TextInput label="Name" required key={form.key('name')} {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="EMIS number"
            inputMode="numeric"
            key={form.key('emisNumber')}
            {...form.getInputProps('emisNumber')}
          />
          <Select
            label="Type"
            data={[...schoolTypes]}
            clearable
            key={form.key('type')}
            {...form.getInputProps('type')}
          />
          <Select
            label="Province"
            data={[...provinces]}
            clearable
            searchable
            key={form.key('province')}
            {...form.getInputProps('province')}
          />
          <TextInput label="District" key={form.key('district')} {...form.getInputProps('district')} />
          <TextInput label="Town" key={form.key('town')} {...form.getInputProps('town')} />
          <TextInput label="Phone" type="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
        </SimpleGrid>
        <TextInput label="Address" key={form.key('address')} {...form.getInputProps('address')} />
        <TextInput label="Email" type="email" key={form.key('email')} {...form.getInputProps('email')} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save school
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
