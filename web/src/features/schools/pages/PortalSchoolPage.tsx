import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { SchoolContactInput, type School } from '#contract/schools';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSessionUser } from '../../../lib/session/index.js';
import { useSchool } from '../api/get-school.js';
import { useSaveSchoolContact } from '../api/save-school-contact.js';

/** /portal/{o}/school: the teacher's school, its register details and its contact details to keep current. */
export function PortalSchoolPage() {
  const user = useSessionUser();
  const school = useSchool(user?.schoolId);
  if (!user?.schoolId)
    return <Alert color="yellow">Your account is not linked to a school yet. Please contact the organisers.</Alert>;
  return (
    <>
      <PageHeader
        eyebrow="Your school"
        title={school.data?.name ?? 'School'}
        description="The register details are kept by the organisers; keep the contact details current."
      />
      {school.error ? <Alert color="red">{school.error.message}</Alert> : null}
      {school.data ? <SchoolDetails school={school.data} /> : null}
    </>
  );
}

function SchoolDetails({ school }: { school: School }) {
  const save = useSaveSchoolContact();
  const form = useSchemaForm({
    schema: SchoolContactInput,
    mode: 'uncontrolled',
    initialValues: { address: school.address ?? '', phone: school.phone ?? '', email: school.email ?? '' },
    validateInputOnBlur: true,
  });
  const rows: Array<[string, string | null]> = [
    ['EMIS number', school.emisNumber],
    ['Type', school.type],
    ['Province', school.province],
    ['District', school.district],
    ['Town', school.town],
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="sm">
          Register details
        </Title>
        <Stack gap={6}>
          {rows.map(([label, value]) => (
            <Group key={label} justify="space-between" wrap="nowrap">
              <Text c="dimmed" size="sm">
                {label}
              </Text>
              <Text size="sm">{value ?? '—'}</Text>
            </Group>
          ))}
        </Stack>
        <Text size="sm" c="dimmed" mt="md">
          Something wrong here? Write to the organisers and they will correct it.
        </Text>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="sm">
          Contact details
        </Title>
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            save.mutate({ id: school.id, values }, { onError: form.setServerErrors }),
          )}
        >
          <Stack>
            {save.error ? (
              <Alert color="red" role="alert">
                {save.error.message}
              </Alert>
            ) : null}
            <TextInput label="Address" key={form.key('address')} {...form.getInputProps('address')} />
            <TextInput label="Phone" type="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
            <TextInput label="Email" type="email" key={form.key('email')} {...form.getInputProps('email')} />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save contact details
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </SimpleGrid>
  );
}
