import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { type Partner, PartnerInput } from '#contract/copy';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useSavePartner } from '../api/save-partner.js';

/** Add or edit a partner: name, website, one line on what they do. The logo is uploaded beside the list. */
export function PartnerForm({ partner, onDone }: { partner: Partner | null; onDone: () => void }) {
  const save = useSavePartner();
  const form = useSchemaForm({
    schema: PartnerInput,
    mode: 'controlled',
    initialValues: { name: partner?.name ?? '', url: partner?.url ?? '', description: partner?.description ?? '' },
    validateInputOnBlur: true,
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate({ id: partner?.id ?? null, values }, { onSuccess: onDone, onError: form.setServerErrors }),
      )}
    >
      <Stack>
        <TextInput label="Name" required key={form.key('name')} {...form.getInputProps('name')} />
        <TextInput label="Website" placeholder="https://…" key={form.key('url')} {...form.getInputProps('url')} />
        <Textarea
          label="What they do for the olympiads"
          autosize
          minRows={2}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {partner ? 'Save partner' : 'Add partner'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
