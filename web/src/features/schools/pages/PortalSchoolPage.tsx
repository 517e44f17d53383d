import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { SchoolContactInput, type School } from '#contract/schools';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSessionUser } from '../../../lib/session/index.js';
import { useSchool } from '../api/get-school.js';
import { useSaveSchoolContact } from '../api/save-school-contact.js';
import { useT } from '../../../lib/i18n/index.js';

/** /portal/{o}/school: the teacher's school, its register details and its contact details to keep current. */
export function PortalSchoolPage() {
  const t = useT();
  const user = useSessionUser();
  const school = useSchool(user?.schoolId);
  if (!user?.schoolId) return <Alert color="yellow">{t('portal.home.noSchool')}</Alert>;
  return (
    <>
      <PageHeader
        eyebrow={t('portal.school.eyebrow')}
        title={school.data?.name ?? t('portal.school.title')}
        description={t('portal.school.description')}
      />
      {school.error ? <Alert color="red">{school.error.message}</Alert> : null}
      {school.data ? <SchoolDetails school={school.data} /> : null}
    </>
  );
}

function SchoolDetails({ school }: { school: School }) {
  const t = useT();
  const save = useSaveSchoolContact();
  const form = useSchemaForm({
    schema: SchoolContactInput,
    mode: 'uncontrolled',
    initialValues: { address: school.address ?? '', phone: school.phone ?? '', email: school.email ?? '' },
    validateInputOnBlur: true,
  });
  const rows: Array<[string, string | null]> = [
    [t('portal.school.emis'), school.emisNumber],
    [t('portal.school.type'), school.type],
    [t('portal.school.province'), school.province],
    [t('portal.school.district'), school.district],
    [t('portal.school.town'), school.town],
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t('portal.school.register')}
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
          {t('portal.school.wrong')}
        </Text>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t('portal.school.contact')}
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
            <TextInput
              label={t('portal.school.address')}
              key={form.key('address')}
              {...form.getInputProps('address')}
            />
            <TextInput
              label={t('portal.school.phone')}
              type="tel"
              key={form.key('phone')}
              {...form.getInputProps('phone')}
            />
            <TextInput
              label={t('portal.school.email')}
              type="email"
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('portal.school.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </SimpleGrid>
  );
}
