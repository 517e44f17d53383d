import { Alert, Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { MyProfileInput, type Teacher } from '#contract/teachers';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useMyProfile } from '../api/get-my-profile.js';
import { useSaveMyProfile } from '../api/save-my-profile.js';

/** /portal/my-profile */
export function MyProfilePage() {
  const profile = useMyProfile();
  return (
    <>
      <PageHeader eyebrow="My account" title="My profile" description="Your name, email address and phone number." />
      {profile.error ? <Alert color="red">{profile.error.message}</Alert> : null}
      {profile.data ? <ProfileForm teacher={profile.data} /> : null}
    </>
  );
}

function ProfileForm({ teacher }: { teacher: Teacher }) {
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
          <TextInput label="Username" value={teacher.username} readOnly description="You sign in with this." />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" required key={form.key('firstName')} {...form.getInputProps('firstName')} />
            <TextInput label="Surname" required key={form.key('lastName')} {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
            description="Changing it mails a link to verify the new address."
          />
          <TextInput label="Phone" type="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
