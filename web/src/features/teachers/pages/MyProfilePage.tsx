import { Alert, Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { MyProfileInput, type Teacher } from '#contract/teachers';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useMyProfile } from '../api/get-my-profile.js';
import { useSaveMyProfile } from '../api/save-my-profile.js';
import { useT } from '../../../lib/i18n/index.js';

/** /portal/my-profile */
export function MyProfilePage() {
  const t = useT();
  const profile = useMyProfile();
  return (
    <>
      <PageHeader
        eyebrow={t('portal.profile.eyebrow')}
        title={t('portal.profile.title')}
        description={t('portal.profile.description')}
      />
      {profile.error ? <Alert color="red">{profile.error.message}</Alert> : null}
      {profile.data ? <ProfileForm teacher={profile.data} /> : null}
    </>
  );
}

function ProfileForm({ teacher }: { teacher: Teacher }) {
  const t = useT();
  const save = useSaveMyProfile();
  const form = useSchemaForm({
    schema: MyProfileInput,
    mode: 'uncontrolled',
    initialValues: {
      firstName: teacher.firstName,
      lastName: teacher.lastName,
      email: teacher.email ?? '',
      phone: teacher.phone ?? '',
    },
    validateInputOnBlur: true,
  });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640}>
      <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values, { onError: form.setServerErrors }))}>
        <Stack>
          {save.error ? (
            <Alert color="red" role="alert">
              {save.error.message}
            </Alert>
          ) : null}
          <TextInput
            label={t('portal.profile.username')}
            value={teacher.username}
            readOnly
            description={t('portal.profile.usernameHelp')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('portal.learners.col.firstName')}
              required
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t('portal.learners.col.surname')}
              required
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label={t('portal.profile.email')}
            type="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
            description={t('portal.profile.emailHelp')}
          />
          <TextInput
            label={t('portal.profile.phone')}
            type="tel"
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('portal.profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
