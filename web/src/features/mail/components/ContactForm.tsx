import { Alert, Button, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { type UsefulContact, UsefulContactInput } from '#contract/mail';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useSaveContact } from '../api/contacts/save-contact.js';

/** Add or edit a useful contact; the form checks every field with the server's own schema as you type. */
export function ContactForm({
  olympiadId,
  contact,
  onDone,
}: {
  olympiadId: number;
  contact: UsefulContact | null;
  /** Saved (the notification says so). */
  onDone: () => void;
}) {
  const save = useSaveContact();
  const form = useSchemaForm({
    schema: UsefulContactInput,
    mode: 'uncontrolled',
    initialValues: {
      olympiadId,
      name: contact?.name ?? '',
      organisation: contact?.organisation ?? '',
      role: contact?.role ?? '',
      email: contact?.email ?? '',
      phone: contact?.phone ?? '',
      notes: contact?.notes ?? '',
    },
    validateInputOnBlur: true,
  });
  const submit = form.onSubmit((values) =>
    save.mutate({ id: contact?.id ?? null, values }, { onSuccess: onDone, onError: form.setServerErrors }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={contact ? 'Edit contact' : 'New contact'}>
      <Stack>
        {save.error ? (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        ) : null}
        <TextInput label="Name" required autoComplete="off" key={form.key('name')} {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Organisation" key={form.key('organisation')} {...form.getInputProps('organisation')} />
          <TextInput label="Role or title" key={form.key('role')} {...form.getInputProps('role')} />
          <TextInput
            label="Email"
            type="email"
            description="Needed to receive mass mail"
            autoComplete="off"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput label="Phone" type="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
        </SimpleGrid>
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          maxRows={6}
          key={form.key('notes')}
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save contact
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
