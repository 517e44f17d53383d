import { Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { type Testimonial, TestimonialInput } from '#contract/copy';
import { RichTextEditor } from '../../../components/RichTextEditor.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useSaveTestimonial } from '../api/save-testimonial.js';

/** Add or edit a testimonial: what they said (rich text, sanitised by the server), who, published. */
export function TestimonialForm({ testimonial, onDone }: { testimonial: Testimonial | null; onDone: () => void }) {
  const save = useSaveTestimonial();
  const form = useSchemaForm({
    schema: TestimonialInput,
    mode: 'controlled',
    initialValues: {
      quote: testimonial?.quote ?? '',
      name: testimonial?.name ?? '',
      affiliation: testimonial?.affiliation ?? '',
      published: testimonial?.published ?? true,
    },
    validateInputOnBlur: true,
  });
  const v = form.getValues();
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate({ id: testimonial?.id ?? null, values }, { onSuccess: onDone, onError: form.setServerErrors }),
      )}
    >
      <Stack>
        <RichTextEditor
          label="What they said"
          value={v.quote}
          onChange={(html) => form.setFieldValue('quote', html)}
          error={typeof form.errors.quote === 'string' ? form.errors.quote : undefined}
          minHeight={120}
        />
        <TextInput label="Name" required key={form.key('name')} {...form.getInputProps('name')} />
        <TextInput
          label="Who they are"
          placeholder="Geography teacher, Hoërskool Waterkloof"
          key={form.key('affiliation')}
          {...form.getInputProps('affiliation')}
        />
        <Switch
          label="Published: visitors see it"
          key={form.key('published')}
          {...form.getInputProps('published', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {testimonial ? 'Save testimonial' : 'Add testimonial'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
