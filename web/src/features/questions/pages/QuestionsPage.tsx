import { Alert, Badge, Button, Group, Loader, Menu, Modal, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { QuestionRecord } from '#contract/authoring';
import { htmlText } from '#contract/content';
import { PageHeader } from '../../../components/PageHeader.js';
import { useDeleteQuestion } from '../api/delete-question.js';
import { useDuplicateQuestion } from '../api/duplicate-question.js';
import { usePaper } from '../api/get-paper.js';
import { usePaperLanguages } from '../api/get-olympiad-languages.js';
import { useReorderQuestions } from '../api/reorder-questions.js';
import { useRetireQuestion } from '../api/retire-question.js';
import { QuestionEditor } from '../components/QuestionEditor.js';
import { QuestionPreview } from '../components/QuestionPreview.js';
import { SortableList } from '../components/SortableList.js';
import { TransferPanel } from '../components/TransferPanel.js';
import { typeLabels } from '../components/question-editor/values.js';
import { useOlympiadOfPage } from '../components/use-olympiad.js';
import { count } from '#contract/numbers';
import { languageName } from '#contract/questions';

/** /{olympiadName}/admin/edit/questions?module={id} */
export function QuestionsPage() {
  const { olympiadId, title, olympiadName } = useOlympiadOfPage();
  const paper = usePaper(olympiadId);
  const languages = usePaperLanguages(olympiadName);
  const others = languages.data?.others ?? [];
  const [params, setParams] = useSearchParams();
  const modules = paper.data ?? [];
  const moduleId = Number(params.get('module')) || modules[0]?.id || null;
  const moduleIndex = modules.findIndex((m) => m.id === moduleId);
  const mod = modules[moduleIndex] ?? null;
  const reorder = useReorderQuestions();
  const duplicate = useDuplicateQuestion();
  const retire = useRetireQuestion();
  const remove = useDeleteQuestion();
  const [editing, setEditing] = useState<QuestionRecord | 'new' | null>(null);
  const [previewing, setPreviewing] = useState<QuestionRecord | null>(null);
  const [order, setOrder] = useState<number[] | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  const questions = mod?.questions ?? [];
  const shown = order ? order.map((id) => questions.find((q) => q.id === id)).filter((q) => q != null) : questions;
  const indexOf = (q: QuestionRecord) => questions.findIndex((x) => x.id === q.id);

  return (
    <>
      <PageHeader
        eyebrow={title}
        title="Questions"
        description="Write each module's questions with their answers; preview them as learners will see them. Move a question up or down with its ▲ and ▼ buttons, or drag it."
        actions={
          <Button onClick={() => setEditing('new')} disabled={!mod}>
            Add question
          </Button>
        }
      />
      {paper.isLoading ? <Loader aria-label="Loading" /> : null}
      {paper.error ? <Alert color="red">{paper.error.message}</Alert> : null}
      {paper.data && modules.length === 0 ? (
        <Alert color="blue">Add a module first, under Question modules.</Alert>
      ) : null}
      {modules.length > 0 ? (
        <Select
          label="Module"
          maw={420}
          mb="md"
          allowDeselect={false}
          data={modules.map((m, i) => ({ value: String(m.id), label: `${i + 1}. ${m.title}` }))}
          value={moduleId ? String(moduleId) : null}
          onChange={(value) => setParams(value ? { module: value } : {})}
        />
      ) : null}
      {mod ? <TransferPanel moduleId={mod.id} /> : null}
      {mod && questions.length === 0 ? <Text c="dimmed">This module has no questions yet.</Text> : null}
      <SortableList
        items={shown}
        itemKey={(q) => q.id}
        label={(q) => `question ${indexOf(q) + 1}`}
        onReorder={(ids) => {
          setOrder(ids);
          reorder.mutate({ moduleId: mod!.id, ids }, { onSettled: () => setOrder(null) });
        }}
        render={(q, index) => (
          <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
            <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
              <Text fw={600} lineClamp={2}>
                {index + 1}.{' '}
                {htmlText(q.prompt) ||
                  (q.imageUrl || q.prompt.includes('<img') ? '(image question)' : '(no prompt: the options ask it)')}
              </Text>
              <Group gap={6}>
                <Badge variant="light">{typeLabels[q.type]}</Badge>
                <Badge variant="outline" color="gray">
                  {count(q.marks, 'mark')}
                </Badge>
                {q.difficulty ? (
                  <Badge variant="outline" color="grape">
                    {q.difficulty}
                  </Badge>
                ) : null}
                {q.imageUrl ? (
                  <Badge variant="outline" color="teal">
                    image
                  </Badge>
                ) : null}
                {q.answerKey ? null : <Badge color="red">no answer</Badge>}
                <Badge color={q.verified ? 'green' : 'orange'} variant="light">
                  {q.verified ? `verified by ${q.verifiedBy ?? 'an admin'}` : 'not verified'}
                </Badge>
                {others.map((l) => {
                  const t = q.translations[l];
                  return (
                    <Badge
                      key={l}
                      color={!t ? 'red' : t.verified ? 'green' : 'orange'}
                      variant="outline"
                      style={{ textTransform: 'none' }}
                    >
                      {languageName(l)}: {!t ? 'missing' : t.verified ? 'verified' : 'not verified'}
                    </Badge>
                  );
                })}
                {q.retired ? <Badge color="gray">retired</Badge> : null}
              </Group>
            </Stack>
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => setEditing(q)} aria-label={`Edit question ${index + 1}`}>
                Edit
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => setPreviewing(q)}
                aria-label={`Preview question ${index + 1}`}
              >
                Preview
              </Button>
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button size="xs" variant="subtle" aria-label={`More for question ${index + 1}`}>
                    More
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => duplicate.mutate(q.id)}>Duplicate</Menu.Item>
                  <Menu.Item onClick={() => retire.mutate({ id: q.id, retired: !q.retired })}>
                    {q.retired ? 'Bring back' : 'Retire'}
                  </Menu.Item>
                  <Menu.Item
                    color="red"
                    disabled={q.answerCount > 0}
                    onClick={() => {
                      if (window.confirm('Delete this question? This is logged.')) remove.mutate(q.id);
                    }}
                  >
                    {q.answerCount > 0 ? 'Delete (answered: retire instead)' : 'Delete'}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Group>
        )}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? `Add a question to “${mod?.title ?? ''}”` : 'Edit question'}
        // Wide enough for each translation beside the default's words.
        size={others.length ? '72rem' : 'xl'}
        fullScreen={phone}
      >
        {editing !== null && mod && olympiadId != null && !languages.isLoading ? (
          <QuestionEditor
            olympiadId={olympiadId}
            moduleId={mod.id}
            moduleTitle={mod.title}
            moduleIndex={moduleIndex}
            questionIndex={editing === 'new' ? questions.length : indexOf(editing)}
            questionCount={editing === 'new' ? questions.length + 1 : questions.length}
            question={editing === 'new' ? null : editing}
            languages={languages.data}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <Modal
        opened={previewing !== null}
        onClose={() => setPreviewing(null)}
        title="Preview as a learner"
        size="xl"
        fullScreen={phone}
      >
        {previewing && mod ? (
          <QuestionPreview
            question={previewing}
            moduleTitle={mod.title}
            moduleIndex={moduleIndex}
            questionIndex={indexOf(previewing)}
            questionCount={questions.filter((x) => !x.retired).length}
          />
        ) : null}
      </Modal>
    </>
  );
}
