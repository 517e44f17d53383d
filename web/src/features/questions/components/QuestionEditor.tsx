import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { difficulties, type QuestionRecord } from '#contract/authoring';
import { isPictureType, questionTypes } from '#contract/questions';
import { creditInWords } from '#contract/scoring';
import { RichTextEditor } from '../../../components/RichTextEditor.js';
import { isApiError } from '../../../lib/api/index.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import type { PaperLanguages } from '../api/get-olympiad-languages.js';
import { useVerifyQuestionInPlace } from '../api/verify-question.js';
import { RemarkFailed, useFixAnswerKey } from '../api/fix-answer-key.js';
import type { QuestionFields } from '../api/save-question.js';
import { useSaveQuestion } from '../api/save-question.js';
import { useUploadQuestionImage } from '../api/upload-question-image.js';
import { AnswerField } from './question-editor/AnswerField.js';
import { ImageField } from './question-editor/ImageField.js';
import { KeyFixAlert } from './question-editor/KeyFixAlert.js';
import { InteractionFields } from './question-editor/InteractionFields.js';
import { valuesForType } from './question-editor/interaction-values.js';
import { OptionsField } from './question-editor/OptionsField.js';
import { PartialCreditField } from './question-editor/PartialCreditField.js';
import { issueField, QuestionSchema, toFields, toValues, typeLabels, type Values } from './question-editor/values.js';
import { TranslationFields } from './question-editor/TranslationFields.js';
import { LanguageVerification } from './LanguageVerification.js';
import { QuestionPreview } from './QuestionPreview.js';

interface EditorProps {
  olympiadId: number;
  moduleId: number;
  moduleTitle: string;
  moduleIndex: number;
  questionIndex: number;
  questionCount: number;
  question: QuestionRecord | null;
  /** The olympiad's languages: the question's words in each other one are written beside the default's. */
  languages?: PaperLanguages | undefined;
  onDone: () => void;
}

const englishOnly: PaperLanguages = { defaultLanguage: 'en', others: [] };

/** Write or edit one question of any type, with its key, image, marks and difficulty; preview it as a learner. */
export function QuestionEditor({
  olympiadId,
  moduleId,
  moduleTitle,
  moduleIndex,
  questionIndex,
  questionCount,
  question,
  languages = englishOnly,
  onDone,
}: EditorProps) {
  const save = useSaveQuestion();
  const fixKey = useFixAnswerKey();
  const image = useUploadQuestionImage();
  const [preview, setPreview] = useState(false);
  const [keyFix, setKeyFix] = useState<string | null>(null);
  const form = useSchemaForm<Values, QuestionFields>({
    schema: QuestionSchema,
    toInput: toFields,
    issueField,
    mode: 'controlled',
    validateInputOnChange: true,
    initialValues: toValues(question, languages.others),
  });
  const verify = useVerifyQuestionInPlace();
  // The question as last answered by the server: verifying a language's version answers it anew.
  const [current, setCurrent] = useState(question);
  const dirty = form.isDirty();
  const v = form.values;
  const choice = v.type === 'single' || v.type === 'multiple';
  const fields = toFields(v);
  const credit = creditInWords(fields.answerKey, fields.options, fields.targets);

  const upload = (file: File | null, apply: (url: string) => void) => {
    if (file) image.mutate({ olympiadId, file }, { onSuccess: (r) => apply(r.url) });
  };

  const done = () => {
    setKeyFix(null);
    onDone();
  };
  const askOnKeyConflict = (error: Error) => {
    if (isApiError(error) && error.status === 409 && error.details.some((d) => d.path === 'body.answerKey'))
      setKeyFix(error.message);
    else form.setServerErrors(error);
  };
  const submit = (confirmKeyChange = false) =>
    form.onSubmit((fields) =>
      confirmKeyChange && question
        ? fixKey.mutate(
            { olympiadId, id: question.id, moduleId, fields },
            {
              onSuccess: done,
              onError: (error) => (error instanceof RemarkFailed ? done() : askOnKeyConflict(error)),
            },
          )
        : save.mutate({ id: question?.id ?? null, moduleId, fields }, { onSuccess: done, onError: askOnKeyConflict }),
    );

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
          onChange={(t) => t && form.setValues(valuesForType(v, t as Values['type']))}
        />
        <RichTextEditor
          label="Question"
          value={v.prompt}
          onChange={(html) => form.setFieldValue('prompt', html)}
          error={form.errors.prompt as string | undefined}
        />
        <ImageField
          form={form}
          picture={isPictureType(v.type)}
          uploading={image.isPending}
          onImage={(f) => upload(f, (url) => form.setFieldValue('imageUrl', url))}
        />
        {choice ? (
          <OptionsField
            form={form}
            uploading={image.isPending}
            onImage={(i, f) => upload(f, (url) => form.setFieldValue(`options.${i}.imageUrl`, url))}
          />
        ) : (
          <>
            <InteractionFields form={form} />
            <AnswerField form={form} />
          </>
        )}
        <PartialCreditField form={form} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label="Marks" min={0} max={100} allowDecimal={false} {...form.getInputProps('marks')} />
          <Select
            label="Difficulty"
            clearable
            data={difficulties.map((d) => ({ value: d, label: d[0]!.toUpperCase() + d.slice(1) }))}
            {...form.getInputProps('difficulty')}
          />
        </SimpleGrid>
        {languages.others.map((l) => (
          <TranslationFields key={l} form={form} defaultLanguage={languages.defaultLanguage} language={l}>
            {current ? (
              <LanguageVerification
                language={l}
                version={current.translations[l]}
                what={`question ${questionIndex + 1}`}
                pending={verify.isPending && verify.variables?.language === l}
                error={verify.variables?.language === l ? verify.error : null}
                blocked={
                  !current.can.verify
                    ? 'You edited this question last; a second admin must verify it'
                    : dirty
                      ? 'Save your changes first: what is verified is the saved version'
                      : null
                }
                onVerify={(verified) =>
                  verify.mutate({ id: current.id, verified, language: l }, { onSuccess: (r) => setCurrent(r.question) })
                }
              />
            ) : null}
          </TranslationFields>
        ))}
        {keyFix ? (
          <KeyFixAlert
            reason={keyFix}
            loading={fixKey.isPending}
            onConfirm={() => submit(true)()}
            onCancel={() => setKeyFix(null)}
          />
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
        {preview && credit ? (
          <Text size="sm" aria-label="How it is marked">
            {credit}
          </Text>
        ) : null}
        {preview ? (
          <QuestionPreview
            question={{ ...fields, marks: v.marks }}
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
