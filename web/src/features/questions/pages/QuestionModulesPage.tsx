import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { ModuleInput, type QuestionModuleRecord } from '#contract/authoring';
import { PageHeader } from '../../../components/PageHeader.js';
import { RichTextEditor } from '../../../components/RichTextEditor.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useDeleteModule } from '../api/delete-module.js';
import { usePaper } from '../api/get-paper.js';
import { useReorderModules } from '../api/reorder-modules.js';
import { useSaveModule } from '../api/save-module.js';
import { SortableList } from '../components/SortableList.js';
import { useOlympiadOfPage } from '../components/use-olympiad.js';

const ModuleValues = z.object({ title: ModuleInput.shape.title, intro: z.string().max(20_000) });

function ModuleForm({
  olympiadId,
  module,
  onDone,
}: {
  olympiadId: number;
  module: QuestionModuleRecord | null;
  onDone: () => void;
}) {
  const save = useSaveModule();
  const form = useSchemaForm({
    schema: ModuleValues,
    mode: 'controlled',
    validateInputOnChange: true,
    initialValues: { title: module?.title ?? '', intro: module?.intro ?? '' },
  });
  return (
    <form
      noValidate
      aria-label="Module"
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          { id: module?.id ?? null, olympiadId, ...values },
          { onSuccess: onDone, onError: form.setServerErrors },
        ),
      )}
    >
      <Stack>
        {save.error ? <Alert color="red">{save.error.message}</Alert> : null}
        <TextInput label="Title" required data-autofocus {...form.getInputProps('title')} />
        <RichTextEditor
          label="Introduction"
          description="Shown to learners before the module's first question"
          value={form.values.intro}
          onChange={(html) => form.setFieldValue('intro', html)}
          error={form.errors.intro as string | undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {module ? 'Save module' : 'Add module'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /{olympiadName}/admin/edit/question-modules */
export function QuestionModulesPage() {
  const { olympiadId, title, olympiadName } = useOlympiadOfPage();
  const paper = usePaper(olympiadId);
  const reorder = useReorderModules();
  const remove = useDeleteModule();
  const [editing, setEditing] = useState<QuestionModuleRecord | 'new' | null>(null);
  const [order, setOrder] = useState<number[] | null>(null);
  const modules = paper.data ?? [];
  const shown = order ? order.map((id) => modules.find((m) => m.id === id)).filter((m) => m != null) : modules;

  return (
    <>
      <PageHeader
        eyebrow={title}
        title="Question modules"
        description="The sections of the paper, in writing order. Drag a module, or use its arrows, to move it."
        actions={
          <Button onClick={() => setEditing('new')} disabled={olympiadId == null}>
            Add module
          </Button>
        }
      />
      {paper.isLoading ? <Loader aria-label="Loading" /> : null}
      {paper.error ? <Alert color="red">{paper.error.message}</Alert> : null}
      {paper.data && modules.length === 0 ? <Text c="dimmed">No modules yet. Add the first one.</Text> : null}
      <SortableList
        items={shown}
        itemKey={(m) => m.id}
        label={(m) => m.title}
        onReorder={(ids) => {
          setOrder(ids);
          reorder.mutate({ olympiadId: olympiadId!, ids }, { onSettled: () => setOrder(null) });
        }}
        render={(m, index) => (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Text fw={600}>
                {index + 1}. {m.title}
              </Text>
              <Group gap="xs">
                <Badge variant="light" color={m.questions.length ? 'blue' : 'red'}>
                  {m.questions.filter((q) => !q.retired).length} questions
                </Badge>
                <Text size="xs" c="dimmed">
                  {m.questions.filter((q) => q.verified && !q.retired).length} verified
                </Text>
              </Group>
            </Stack>
            <Group gap="xs">
              <Anchor component={Link} to={`/${olympiadName}/admin/edit/questions?module=${m.id}`} size="sm">
                Questions
              </Anchor>
              <Button size="xs" variant="light" onClick={() => setEditing(m)} aria-label={`Edit module ${m.title}`}>
                Edit
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Delete module ${m.title}`}
                onClick={() => {
                  if (window.confirm(`Delete “${m.title}” and its ${m.questions.length} questions? This is logged.`)) {
                    remove.mutate(m.id);
                  }
                }}
              >
                Delete
              </Button>
            </Group>
          </Group>
        )}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add a module' : 'Edit module'}
        size="lg"
      >
        {editing !== null && olympiadId != null ? (
          <ModuleForm
            olympiadId={olympiadId}
            module={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}
