import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { ModuleInput, type QuestionModuleRecord } from '#contract/authoring';
import { htmlText } from '#contract/content';
import { languageName, type PaperLanguage } from '#contract/questions';
import { PageHeader } from '../../../components/PageHeader.js';
import { RichTextEditor } from '../../../components/RichTextEditor.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useDeleteModule } from '../api/delete-module.js';
import { usePaper } from '../api/get-paper.js';
import { type PaperLanguages, usePaperLanguages } from '../api/get-olympiad-languages.js';
import { useVerifyModule } from '../api/verify-module.js';
import { LanguageVerification } from '../components/LanguageVerification.js';
import { useReorderModules } from '../api/reorder-modules.js';
import { useSaveModule } from '../api/save-module.js';
import { SortableList } from '../components/SortableList.js';
import { useOlympiadOfPage } from '../components/use-olympiad.js';

const Words = z.object({ title: z.string().max(200, 'Use at most 200 characters'), intro: z.string().max(20_000) });
const ModuleValues = z
  .object({
    title: ModuleInput.shape.title,
    intro: z.string().max(20_000),
    /** The title and intro in each other language offered (decision 094), as typed. */
    translations: z.record(z.string(), Words),
  })
  // A language's version is stored with its title: an intro without one would be lost on saving.
  .superRefine((v, ctx) => {
    for (const [l, t] of Object.entries(v.translations))
      if (!t.title.trim() && htmlText(t.intro).trim())
        ctx.addIssue({
          code: 'custom',
          path: ['translations', l, 'title'],
          message: 'Enter the title in this language too',
        });
  });
type ModuleValues = z.infer<typeof ModuleValues>;

/** One language's title and intro, in its own `lang`, headed by the language when there are two. */
function ModuleWords({
  language,
  heading,
  title,
  intro,
  onTitle,
  onIntro,
  titleProps,
  introError,
  children,
}: {
  language: PaperLanguage;
  heading: string | null;
  title: string;
  intro: string;
  onTitle: (title: string) => void;
  onIntro: (html: string) => void;
  titleProps?: Record<string, unknown>;
  introError?: string | undefined;
  children?: ReactNode;
}) {
  const name = languageName(language);
  return (
    <Stack gap="sm">
      {heading ? (
        <Title order={3} size="h4">
          {heading}
        </Title>
      ) : null}
      {children}
      <Box lang={language}>
        <Stack>
          <TextInput
            label={heading ? `Title in ${name}` : 'Title'}
            required={!heading || heading.endsWith('(default)')}
            {...titleProps}
            value={title}
            onChange={(e) => onTitle(e.currentTarget.value)}
          />
          <RichTextEditor
            label={heading ? `Introduction in ${name}` : 'Introduction'}
            description="Shown to learners before the module's first question"
            value={intro}
            onChange={onIntro}
            error={introError}
          />
        </Stack>
      </Box>
    </Stack>
  );
}

function ModuleForm({
  olympiadId,
  module,
  languages,
  onDone,
}: {
  olympiadId: number;
  module: QuestionModuleRecord | null;
  languages: PaperLanguages;
  onDone: () => void;
}) {
  const save = useSaveModule();
  const verify = useVerifyModule();
  // The module as last answered by the server: verifying a language answers it anew.
  const [current, setCurrent] = useState(module);
  const { defaultLanguage, others } = languages;
  const form = useSchemaForm<ModuleValues>({
    schema: ModuleValues,
    mode: 'controlled',
    validateInputOnChange: true,
    initialValues: {
      title: module?.title ?? '',
      intro: module?.intro ?? '',
      translations: Object.fromEntries(
        others.map((l) => [
          l,
          { title: module?.translations[l]?.title ?? '', intro: module?.translations[l]?.intro ?? '' },
        ]),
      ),
    },
  });
  const dirty = form.isDirty();
  const bilingual = others.length > 0;
  const titleProps = form.getInputProps('title');
  return (
    <form
      noValidate
      aria-label="Module"
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          {
            id: module?.id ?? null,
            olympiadId,
            title: values.title,
            intro: values.intro,
            // A language with no title yet is not sent: the server takes a version only with its title.
            translations: Object.fromEntries(
              others.flatMap((l) => {
                const t = values.translations[l];
                return t && t.title.trim() ? [[l, t]] : [];
              }),
            ),
          },
          { onSuccess: onDone, onError: form.setServerErrors },
        ),
      )}
    >
      <Stack>
        {save.error ? <Alert color="red">{save.error.message}</Alert> : null}
        <SimpleGrid cols={{ base: 1, sm: bilingual ? 2 : 1 }} spacing="lg">
          <Paper withBorder={bilingual} p={bilingual ? 'md' : 0} radius="md">
            <ModuleWords
              language={defaultLanguage}
              heading={bilingual ? `${languageName(defaultLanguage)} (default)` : null}
              title={form.values.title}
              intro={form.values.intro}
              onTitle={(t) => form.setFieldValue('title', t)}
              onIntro={(html) => form.setFieldValue('intro', html)}
              titleProps={{ 'data-autofocus': true, error: titleProps.error, onBlur: titleProps.onBlur }}
              introError={form.errors.intro as string | undefined}
            />
          </Paper>
          {others.map((l) => {
            const t = form.values.translations[l] ?? { title: '', intro: '' };
            return (
              <Paper key={l} withBorder p="md" radius="md">
                <ModuleWords
                  language={l}
                  heading={languageName(l)}
                  title={t.title}
                  intro={t.intro}
                  onTitle={(title) => form.setFieldValue(`translations.${l}`, { ...t, title })}
                  onIntro={(intro) => form.setFieldValue(`translations.${l}`, { ...t, intro })}
                  titleProps={{ error: form.errors[`translations.${l}.title`] }}
                  introError={form.errors[`translations.${l}.intro`] as string | undefined}
                >
                  {current ? (
                    <LanguageVerification
                      language={l}
                      version={current.translations[l]}
                      what={`section ${current.title}`}
                      pending={verify.isPending && verify.variables?.language === l}
                      error={verify.variables?.language === l ? verify.error : null}
                      blocked={dirty ? 'Save your changes first: what is verified is the saved version' : null}
                      onVerify={(verified) =>
                        verify.mutate(
                          { id: current.id, language: l, verified },
                          { onSuccess: (r) => setCurrent(r.module) },
                        )
                      }
                    />
                  ) : null}
                </ModuleWords>
              </Paper>
            );
          })}
        </SimpleGrid>
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
  const languages = usePaperLanguages(olympiadName);
  const others = languages.data?.others ?? [];
  const phone = useMediaQuery('(max-width: 48em)');
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
                  {languages.data && others.length ? ` in ${languageName(languages.data.defaultLanguage)}` : ''}
                  {others.map(
                    (l) =>
                      `, ${m.questions.filter((q) => q.translations[l]?.verified && !q.retired).length} in ${languageName(l)}`,
                  )}
                </Text>
                {others.map((l) => {
                  const t = m.translations[l];
                  return (
                    <Badge
                      key={l}
                      color={!t ? 'red' : t.verified ? 'green' : 'orange'}
                      variant="outline"
                      style={{ textTransform: 'none' }}
                    >
                      {languageName(l)} title and intro: {!t ? 'missing' : t.verified ? 'verified' : 'not verified'}
                    </Badge>
                  );
                })}
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
        size={others.length ? '72rem' : 'lg'}
        fullScreen={phone}
      >
        {editing !== null && olympiadId != null && !languages.isLoading ? (
          <ModuleForm
            olympiadId={olympiadId}
            module={editing === 'new' ? null : editing}
            languages={languages.data ?? { defaultLanguage: 'en', others: [] }}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}
