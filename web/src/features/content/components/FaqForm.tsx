import { Alert, Button, Group, Radio, Select, Stack, Switch, TextInput } from '@mantine/core';
import { type Faq, type FaqAudience, faqAudienceLabels, faqAudiences, FaqInput } from '#contract/content';
import { RichTextEditor } from '../../../components/RichTextEditor.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import type { Option } from '../api/faq-targets.js';
import { useSaveFaq } from '../api/save-faq.js';

export interface FaqGroupValue {
  audience: FaqAudience;
  olympiadId: number | null;
  projectId: number | null;
}

interface FaqFormProps {
  faq: Faq | null;
  /** Where a new FAQ goes (the group on screen). */
  group: FaqGroupValue;
  /** The overlord chooses the audience; an admin writes for their olympiad's teachers only. */
  chooseAudience: boolean;
  olympiads: Option[];
  projects: Option[];
  /** Saved (the notification says so). */
  onDone: () => void;
}

type Values = {
  audience: FaqAudience;
  olympiadId: string | null;
  projectId: string | null;
  question: string;
  answer: string;
  published: boolean;
};

/** Add or edit one FAQ: the question, the answer (rich text, sanitised by the server), who reads it, published. */
export function FaqForm({ faq, group, chooseAudience, olympiads, projects, onDone }: FaqFormProps) {
  const save = useSaveFaq();
  const start = faq ?? { ...group, question: '', answer: '', published: true };
  const form = useSchemaForm({
    schema: FaqInput,
    toInput,
    mode: 'controlled',
    initialValues: {
      audience: start.audience,
      olympiadId: start.olympiadId == null ? null : String(start.olympiadId),
      projectId: start.projectId == null ? null : String(start.projectId),
      question: start.question,
      answer: start.answer,
      published: start.published,
    },
    validateInputOnBlur: true,
  });
  const v = form.getValues();
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate({ id: faq?.id ?? null, values }, { onSuccess: onDone, onError: form.setServerErrors }),
      )}
    >
      <Stack>
        {save.error ? (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        ) : null}
        {chooseAudience ? (
          <Radio.Group label="Who reads it" required key={form.key('audience')} {...form.getInputProps('audience')}>
            <Group mt={6} gap="lg">
              {faqAudiences.map((a) => (
                <Radio key={a} value={a} label={faqAudienceLabels[a]} />
              ))}
            </Group>
          </Radio.Group>
        ) : null}
        {chooseAudience && v.audience === 'olympiad' ? (
          <Select
            label="Olympiad"
            required
            searchable
            data={olympiads}
            key={form.key('olympiadId')}
            {...form.getInputProps('olympiadId')}
          />
        ) : null}
        {chooseAudience && v.audience === 'project' ? (
          <Select
            label="Project (public site)"
            required
            searchable
            data={projects}
            key={form.key('projectId')}
            {...form.getInputProps('projectId')}
          />
        ) : null}
        <TextInput label="Question" required key={form.key('question')} {...form.getInputProps('question')} />
        <RichTextEditor
          label="Answer"
          value={v.answer}
          onChange={(html) => form.setFieldValue('answer', html)}
          error={typeof form.errors.answer === 'string' ? form.errors.answer : undefined}
          minHeight={160}
        />
        <Switch
          label="Published: readers see it"
          description="A draft stays with the editors until you publish it."
          key={form.key('published')}
          {...form.getInputProps('published', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {faq ? 'Save FAQ' : 'Add FAQ'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function toInput(v: Values): FaqInput {
  return {
    audience: v.audience,
    olympiadId: v.audience === 'olympiad' && v.olympiadId ? Number(v.olympiadId) : null,
    projectId: v.audience === 'project' && v.projectId ? Number(v.projectId) : null,
    question: v.question,
    answer: v.answer,
    published: v.published,
  };
}
