import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  Image,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { z } from 'zod';
import { checkQuestion, difficulties, type QuestionRecord, questionFields } from '../../../../../contract/authoring.js';
import { type AnswerKey, type QuestionType, questionTypes } from '../../../../../contract/questions.js';
import { RichTextEditor } from '../../../components/RichTextEditor.js';
import { isApiError } from '../../../lib/api/index.js';
import { type QuestionFields, uploadImage, useRemark, useSaveQuestion } from '../api/questions.js';
import { QuestionPreview } from './QuestionPreview.js';

const typeLabels: Record<QuestionType, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  true_false: 'True / false',
  numeric: 'Number',
  short_text: 'Short text',
};

interface Values {
  type: QuestionType;
  prompt: string;
  imageUrl: string | null;
  imageAlt: string;
  options: Array<{ id: string; text: string; imageUrl: string | null }>;
  correctSingle: string | null;
  correctMultiple: string[];
  correctTrueFalse: '' | 'true' | 'false';
  numericValue: number | '';
  tolerance: number | '';
  accepted: string;
  marks: number;
  difficulty: string | null;
}

const Fields = z.object(questionFields).superRefine(checkQuestion);
const letters = 'abcdefghijkl';

function toValues(q: QuestionRecord | null): Values {
  const key = q?.answerKey ?? null;
  return {
    type: q?.type ?? 'single',
    prompt: q?.prompt ?? '',
    imageUrl: q?.imageUrl ?? null,
    imageAlt: q?.imageAlt ?? '',
    options: q?.options.length
      ? q.options.map((o) => ({ ...o }))
      : [
          { id: 'a', text: '', imageUrl: null },
          { id: 'b', text: '', imageUrl: null },
        ],
    correctSingle: key?.type === 'single' ? key.correct : null,
    correctMultiple: key?.type === 'multiple' ? key.correct : [],
    correctTrueFalse: key?.type === 'true_false' ? (key.correct ? 'true' : 'false') : '',
    numericValue: key?.type === 'numeric' ? key.value : '',
    tolerance: key?.type === 'numeric' ? key.tolerance : 0,
    accepted: key?.type === 'short_text' ? key.accepted.join('\n') : '',
    marks: q?.marks ?? 1,
    difficulty: q?.difficulty ?? null,
  };
}

function keyOf(v: Values): AnswerKey | null {
  switch (v.type) {
    case 'single':
      return v.correctSingle ? { type: 'single', correct: v.correctSingle } : null;
    case 'multiple':
      return v.correctMultiple.length
        ? { type: 'multiple', correct: v.correctMultiple.filter((id) => v.options.some((o) => o.id === id)) }
        : null;
    case 'true_false':
      return v.correctTrueFalse ? { type: 'true_false', correct: v.correctTrueFalse === 'true' } : null;
    case 'numeric':
      return v.numericValue === ''
        ? null
        : { type: 'numeric', value: Number(v.numericValue), tolerance: Number(v.tolerance || 0) };
    case 'short_text': {
      const accepted = v.accepted
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean);
      return accepted.length ? { type: 'short_text', accepted } : null;
    }
  }
}

function toFields(v: Values): QuestionFields {
  const choice = v.type === 'single' || v.type === 'multiple';
  return {
    type: v.type,
    prompt: v.prompt,
    imageUrl: v.imageUrl,
    imageAlt: v.imageAlt,
    options: choice ? v.options : [],
    answerKey: keyOf(v),
    marks: v.marks,
    difficulty: (v.difficulty as QuestionFields['difficulty']) ?? null,
  };
}

const keyField: Record<QuestionType, string> = {
  single: 'correctSingle',
  multiple: 'correctMultiple',
  true_false: 'correctTrueFalse',
  numeric: 'numericValue',
  short_text: 'accepted',
};

interface EditorProps {
  olympiadId: number;
  moduleId: number;
  moduleTitle: string;
  moduleIndex: number;
  questionIndex: number;
  questionCount: number;
  question: QuestionRecord | null;
  onDone: () => void;
}

/** Write or edit one question of any type, with its key, image, marks and difficulty; preview it as a learner. */
export function QuestionEditor({
  olympiadId,
  moduleId,
  moduleTitle,
  moduleIndex,
  questionIndex,
  questionCount,
  question,
  onDone,
}: EditorProps) {
  const save = useSaveQuestion();
  const remark = useRemark();
  const [preview, setPreview] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [keyFix, setKeyFix] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    validateInputOnChange: true,
    initialValues: toValues(question),
    validate: (values) => {
      const parsed = Fields.safeParse(toFields(values));
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [head, ...rest] = issue.path.map(String);
        const path = head === 'answerKey' ? keyField[values.type] : [head, ...rest].join('.');
        errors[path] ??= issue.message;
      }
      return errors;
    },
  });
  const v = form.values;
  const choice = v.type === 'single' || v.type === 'multiple';

  const upload = async (file: File | null, apply: (url: string) => void) => {
    if (!file) return;
    setUploading(true);
    try {
      apply((await uploadImage(olympiadId, file)).url);
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'The upload failed' });
    } finally {
      setUploading(false);
    }
  };

  const submit = (confirmKeyChange = false) =>
    form.onSubmit((values) =>
      save.mutate(
        { id: question?.id ?? null, moduleId, fields: toFields(values), confirmKeyChange },
        {
          onSuccess: () => {
            if (confirmKeyChange) {
              remark.mutate(olympiadId, {
                onSuccess: (r) =>
                  notifications.show({ color: 'green', message: `Key fixed; ${r.remarked} attempts were re-marked` }),
                onError: (e) =>
                  notifications.show({
                    color: 'red',
                    message: `The key was saved but re-marking failed: ${e.message}`,
                  }),
              });
            } else
              notifications.show({
                color: 'green',
                message: question ? 'The question was saved' : 'The question was added',
              });
            setKeyFix(null);
            onDone();
          },
          onError: (error) => {
            if (isApiError(error) && error.status === 409 && error.details.some((d) => d.path === 'body.answerKey'))
              setKeyFix(error.message);
          },
        },
      ),
    );

  const addOption = () => {
    const used = new Set(v.options.map((o) => o.id));
    const id = [...letters].find((l) => !used.has(l)) ?? `o${v.options.length + 1}`;
    form.insertListItem('options', { id, text: '', imageUrl: null });
  };

  return (
    <form onSubmit={submit(false)} noValidate aria-label="Question">
      <Stack>
        {save.error && !keyFix ? <Alert color="red">{save.error.message}</Alert> : null}
        <Select
          label="Type"
          allowDeselect={false}
          data={questionTypes.map((t) => ({ value: t, label: typeLabels[t] }))}
          disabled={(question?.answerCount ?? 0) > 0}
          maw={320}
          {...form.getInputProps('type')}
        />
        <RichTextEditor
          label="Question"
          value={v.prompt}
          onChange={(html) => form.setFieldValue('prompt', html)}
          error={form.errors.prompt as string | undefined}
        />
        <Group align="flex-end" wrap="wrap">
          {v.imageUrl ? (
            <Image src={v.imageUrl} alt={v.imageAlt || 'Question image'} h={90} w="auto" radius="sm" />
          ) : null}
          <FileButton
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(f) => void upload(f, (url) => form.setFieldValue('imageUrl', url))}
          >
            {(props) => (
              <Button variant="default" loading={uploading} {...props}>
                {v.imageUrl ? 'Replace image' : 'Add an image'}
              </Button>
            )}
          </FileButton>
          {v.imageUrl ? (
            <Button variant="subtle" color="red" onClick={() => form.setValues({ imageUrl: null, imageAlt: '' })}>
              Remove image
            </Button>
          ) : null}
        </Group>
        {v.imageUrl ? (
          <TextInput label="Image description (for screen readers)" required {...form.getInputProps('imageAlt')} />
        ) : null}

        {choice ? (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Options {v.type === 'single' ? '(choose the correct one)' : '(tick every correct one)'}
            </Text>
            {v.type === 'single' ? (
              <Radio.Group
                value={v.correctSingle ?? ''}
                onChange={(id) => form.setFieldValue('correctSingle', id)}
                error={form.errors.correctSingle}
                aria-label="Correct option"
              >
                <Stack gap="xs">
                  {v.options.map((o, i) => (
                    <OptionRow
                      key={o.id}
                      option={o}
                      inputProps={form.getInputProps(`options.${i}.text`)}
                      uploading={uploading}
                      canRemove={v.options.length > 2}
                      onImage={(f) => void upload(f, (url) => form.setFieldValue(`options.${i}.imageUrl`, url))}
                      onRemove={() => form.removeListItem('options', i)}
                      marker={<Radio value={o.id} aria-label={`Option ${o.id.toUpperCase()} is correct`} />}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            ) : (
              <Checkbox.Group
                value={v.correctMultiple}
                onChange={(ids) => form.setFieldValue('correctMultiple', ids)}
                error={form.errors.correctMultiple}
                aria-label="Correct options"
              >
                <Stack gap="xs">
                  {v.options.map((o, i) => (
                    <OptionRow
                      key={o.id}
                      option={o}
                      inputProps={form.getInputProps(`options.${i}.text`)}
                      uploading={uploading}
                      canRemove={v.options.length > 2}
                      onImage={(f) => void upload(f, (url) => form.setFieldValue(`options.${i}.imageUrl`, url))}
                      onRemove={() => form.removeListItem('options', i)}
                      marker={<Checkbox value={o.id} aria-label={`Option ${o.id.toUpperCase()} is correct`} />}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
            {form.errors.options ? (
              <Text c="red" size="sm">
                {form.errors.options}
              </Text>
            ) : null}
            <Group>
              <Button variant="light" size="xs" onClick={addOption} disabled={v.options.length >= 12}>
                Add an option
              </Button>
            </Group>
          </Stack>
        ) : null}
        {v.type === 'true_false' ? (
          <Radio.Group
            label="Correct answer"
            value={v.correctTrueFalse}
            onChange={(x) => form.setFieldValue('correctTrueFalse', x as Values['correctTrueFalse'])}
            error={form.errors.correctTrueFalse}
          >
            <Group mt="xs">
              <Radio value="true" label="True" />
              <Radio value="false" label="False" />
            </Group>
          </Radio.Group>
        ) : null}
        {v.type === 'numeric' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label="Correct value" {...form.getInputProps('numericValue')} />
            <NumberInput label="Tolerance (±)" min={0} {...form.getInputProps('tolerance')} />
          </SimpleGrid>
        ) : null}
        {v.type === 'short_text' ? (
          <Textarea
            label="Accepted answers, one a line"
            description="Compared without case and extra spaces"
            autosize
            minRows={2}
            {...form.getInputProps('accepted')}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label="Marks" min={0} max={100} allowDecimal={false} {...form.getInputProps('marks')} />
          <Select
            label="Difficulty"
            clearable
            data={difficulties.map((d) => ({ value: d, label: d[0]!.toUpperCase() + d.slice(1) }))}
            {...form.getInputProps('difficulty')}
          />
        </SimpleGrid>
        {keyFix ? (
          <Alert color="orange" title="Learners have answered this question">
            <Stack gap="xs">
              <Text size="sm">
                {keyFix}. Saving changes the correct answer and re-marks every finished attempt. This is logged.
              </Text>
              <Group>
                <Button color="orange" loading={save.isPending || remark.isPending} onClick={() => submit(true)()}>
                  Change the key and re-mark
                </Button>
                <Button variant="default" onClick={() => setKeyFix(null)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Button variant="default" onClick={() => setPreview((p) => !p)}>
            {preview ? 'Hide preview' : 'Preview as a learner'}
          </Button>
          <Group>
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {question ? 'Save question' : 'Add question'}
            </Button>
          </Group>
        </Group>
        {preview ? (
          <QuestionPreview
            question={{ ...toFields(v), marks: v.marks }}
            moduleTitle={moduleTitle}
            moduleIndex={moduleIndex}
            questionIndex={questionIndex}
            questionCount={questionCount}
          />
        ) : null}
      </Stack>
    </form>
  );
}

interface OptionRowProps {
  option: Values['options'][number];
  inputProps: ReturnType<ReturnType<typeof useForm<Values>>['getInputProps']>;
  marker: ReactNode;
  uploading: boolean;
  canRemove: boolean;
  onImage: (file: File | null) => void;
  onRemove: () => void;
}

function OptionRow({ option, inputProps, marker, uploading, canRemove, onImage, onRemove }: OptionRowProps) {
  const label = option.id.toUpperCase();
  return (
    <Group wrap="nowrap" align="center" gap="xs">
      {marker}
      <Text fw={600} w={18} aria-hidden="true">
        {label}
      </Text>
      <TextInput aria-label={`Option ${label}`} style={{ flex: 1 }} {...inputProps} />
      {option.imageUrl ? <Image src={option.imageUrl} alt="" h={32} w="auto" /> : null}
      <FileButton accept="image/png,image/jpeg,image/gif,image/webp" onChange={onImage}>
        {(props) => (
          <ActionIcon
            variant="subtle"
            w="auto"
            px={4}
            aria-label={`Image for option ${label}`}
            loading={uploading}
            {...props}
          >
            Img
          </ActionIcon>
        )}
      </FileButton>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove option ${label}`}
        disabled={!canRemove}
        onClick={onRemove}
      >
        ✕
      </ActionIcon>
    </Group>
  );
}
