import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { type Project, ProjectInput } from '#contract/olympiads';
import { useSaveProject } from '../api/save-project.js';
import { useSchemaForm } from '../../../lib/forms/index.js';

/** Create or edit a project; validated as you type with the server's own schema. */
export function ProjectForm({ project, onDone }: { project: Project | null; onDone: () => void }) {
  const save = useSaveProject();
  const form = useSchemaForm({
    schema: ProjectInput,
    mode: 'controlled',
    validateInputOnChange: true,
    initialValues: {
      projectName: project?.projectName ?? '',
      title: project?.title ?? '',
      seoTitle: project?.seoTitle ?? '',
      shareTitle: project?.shareTitle ?? '',
      description: project?.description ?? '',
      keywords: project?.keywords ?? '',
    },
  });
  const submit = form.onSubmit((values) =>
    save.mutate({ id: project?.id ?? null, values }, { onSuccess: onDone, onError: form.setServerErrors }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.error ? <Alert color="red">{save.error.message}</Alert> : null}
        <TextInput
          label="Project name"
          description="Used in addresses, e.g. /geography/home"
          required
          {...form.getInputProps('projectName')}
        />
        <TextInput label="Title" required {...form.getInputProps('title')} />
        <TextInput
          label="SEO title"
          description="The browser tab and search results"
          {...form.getInputProps('seoTitle')}
        />
        <TextInput
          label="Share title"
          description="When a page is shared on social media"
          {...form.getInputProps('shareTitle')}
        />
        <Textarea label="Description" autosize minRows={3} {...form.getInputProps('description')} />
        <TextInput label="Keywords" description="Comma-separated" {...form.getInputProps('keywords')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {project ? 'Save project' : 'Create project'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
