import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { z } from 'zod';
import { GRADE_MAX, GRADE_MIN, gradeRangeIssue, gradeRangeRule } from '#contract/grades';
import { type OlympiadRecord, OlympiadKind, olympiadLanguages, olympiadShape } from '#contract/olympiads';
import { languageName, type PaperLanguage } from '#contract/questions';
import { UrlName } from '#contract/roles';
import { useSaveOlympiad } from '../api/save-olympiad.js';
import { useSubProjects } from '../api/list-sub-projects.js';
import { fromDateTimeInput, toDateTimeInput, todayInput } from '../../../lib/dates.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { OlympiadTexts } from './OlympiadTexts.js';
import { ProjectSelect } from './ProjectSelect.js';

const paperLanguages = olympiadLanguages.map((l) => l.code);
const TranslationValues = z.object({
  instructions: z.string().max(50_000, 'At most 50,000 characters'),
  declaration: z.string().max(20_000, 'At most 20,000 characters'),
});

const FormValues = z
  .object({
    projectId: z.string().min(1, 'Choose a project'),
    subProjectId: z.string().nullable(),
    varName: UrlName,
    title: olympiadShape.title,
    year: olympiadShape.year,
    kind: OlympiadKind,
    fee: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Use an amount such as 35 or 35.50'),
    currency: olympiadShape.currency,
    teamSize: olympiadShape.teamSize,
    startsAt: z.string(),
    endsAt: z.string(),
    durationMinutes: z.union([olympiadShape.durationMinutes.unwrap(), z.literal('')]),
    instructions: olympiadShape.instructions,
    declaration: olympiadShape.declaration,
    shuffleOptions: z.boolean(),
    showScore: z.boolean(),
    paymentRequired: z.boolean(),
    languages: olympiadShape.languages,
    defaultLanguage: olympiadShape.defaultLanguage,
    /** Every language's words as typed; only the languages offered besides the default are sent. */
    translations: z.object({ en: TranslationValues, af: TranslationValues }),
    minGrade: olympiadShape.minGrade,
    maxGrade: olympiadShape.maxGrade,
  })
  .refine((v) => !v.startsAt || !v.endsAt || new Date(v.startsAt) < new Date(v.endsAt), {
    path: ['endsAt'],
    message: 'The window must end after it starts',
  })
  .refine(gradeRangeRule, gradeRangeIssue)
  .refine((v) => v.languages.includes(v.defaultLanguage), {
    path: ['defaultLanguage'],
    message: 'The default language must be one the olympiad is offered in',
  });
type FormValues = z.infer<typeof FormValues>;

interface OlympiadFormProps {
  olympiad: OlympiadRecord | null;
  /** `settings`: an admin edits only the window and duration. */
  mode: 'all' | 'settings';
  onDone?: () => void;
}

/** A stored olympiad's words in a language other than its default, or none yet. */
function wordsOf(olympiad: OlympiadRecord | null, language: PaperLanguage) {
  const t = olympiad?.translations[language];
  return { instructions: t?.instructions ?? '', declaration: t?.declaration ?? '' };
}

/** Create or edit an olympiad, validated as you type with the server's own field schemas. */
export function OlympiadForm({ olympiad, mode, onDone }: OlympiadFormProps) {
  const save = useSaveOlympiad();
  const form = useSchemaForm<FormValues>({
    schema: FormValues,
    mode: 'controlled',
    validateInputOnChange: true,
    initialValues: {
      projectId: olympiad ? String(olympiad.projectId) : '',
      subProjectId: olympiad?.subProjectId ? String(olympiad.subProjectId) : null,
      varName: olympiad?.varName ?? '',
      title: olympiad?.title ?? '',
      year: olympiad?.year ?? Number(todayInput().slice(0, 4)),
      kind: olympiad?.kind ?? 'school',
      fee: olympiad ? (olympiad.feeCents / 100).toFixed(2) : '0',
      currency: olympiad?.currency ?? 'ZAR',
      teamSize: olympiad?.teamSize ?? 4,
      startsAt: toDateTimeInput(olympiad?.startsAt),
      endsAt: toDateTimeInput(olympiad?.endsAt),
      durationMinutes: olympiad?.durationMinutes ?? '',
      instructions: olympiad?.instructions ?? '',
      declaration: olympiad?.declaration ?? '',
      shuffleOptions: olympiad?.shuffleOptions ?? false,
      showScore: olympiad?.showScore ?? false,
      paymentRequired: olympiad?.paymentRequired ?? false,
      languages: olympiad?.languages ?? ['en'],
      defaultLanguage: olympiad?.defaultLanguage ?? 'en',
      translations: {
        en: wordsOf(olympiad, 'en'),
        af: wordsOf(olympiad, 'af'),
      },
      minGrade: olympiad?.minGrade ?? GRADE_MIN,
      maxGrade: olympiad?.maxGrade ?? GRADE_MAX,
    },
  });
  const projectId = form.values.projectId ? Number(form.values.projectId) : undefined;
  const subs = useSubProjects(
    { page: 1, pageSize: 200, sort: 'position', order: 'asc', projectId },
    mode === 'all' && projectId != null,
  );
  const locked = mode === 'settings';
  // The olympiad's own fields are in its stored default language (a new one's: the chosen); the translations sent
  // are the other languages chosen. A changed default is the server's to swap (decision 094), after these are saved.
  const base: PaperLanguage = olympiad?.defaultLanguage ?? form.values.defaultLanguage;
  const othersOf = (languages: readonly string[]) =>
    paperLanguages.filter((l): l is PaperLanguage => l !== base && languages.includes(l));
  const others = othersOf(form.values.languages);
  const swapping = olympiad != null && form.values.defaultLanguage !== olympiad.defaultLanguage;

  const submit = form.onSubmit((v) => {
    const settings = {
      startsAt: fromDateTimeInput(v.startsAt),
      endsAt: fromDateTimeInput(v.endsAt),
      durationMinutes: v.durationMinutes === '' ? null : v.durationMinutes,
      instructions: v.instructions,
      declaration: v.declaration,
      shuffleOptions: v.shuffleOptions,
      showScore: v.showScore,
      paymentRequired: v.paymentRequired,
      languages: v.languages,
      defaultLanguage: v.defaultLanguage,
      translations: Object.fromEntries(othersOf(v.languages).map((l) => [l, v.translations[l]])),
      minGrade: v.minGrade,
      maxGrade: v.maxGrade,
    };
    const values = locked
      ? settings
      : {
          ...settings,
          projectId: Number(v.projectId),
          subProjectId: v.subProjectId ? Number(v.subProjectId) : null,
          varName: v.varName,
          title: v.title,
          year: v.year,
          kind: v.kind,
          feeCents: Math.round(Number(v.fee) * 100),
          currency: v.currency,
          teamSize: v.teamSize,
        };
    save.mutate(
      { id: olympiad?.id ?? null, values },
      {
        onSuccess: () => {
          form.resetDirty();
          onDone?.();
        },
        onError: form.setServerErrors,
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Olympiad settings">
      <Stack>
        {save.error ? <Alert color="red">{save.error.message}</Alert> : null}
        {locked ? (
          <Text size="sm" c="dimmed">
            The overlord sets the project, name, year, kind and fee; you set the window, duration, grades, languages,
            instructions and declaration.
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {locked ? (
            <TextInput label="Project" disabled value={olympiad?.projectName ?? ''} readOnly />
          ) : (
            <ProjectSelect
              label="Project"
              required
              {...form.getInputProps('projectId')}
              onChange={(value) => {
                form.setFieldValue('projectId', value ?? '');
                form.setFieldValue('subProjectId', null);
              }}
            />
          )}
          {locked ? null : (
            <Select
              label="Sub-project"
              clearable
              disabled={!projectId}
              data={(subs.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
              {...form.getInputProps('subProjectId')}
            />
          )}
          <TextInput
            label="Name in addresses (varName)"
            description="e.g. geo-2026"
            required
            disabled={locked}
            {...form.getInputProps('varName')}
          />
          <TextInput label="Title" required disabled={locked} {...form.getInputProps('title')} />
          <NumberInput label="Year" required allowDecimal={false} disabled={locked} {...form.getInputProps('year')} />
          <div>
            <Text size="sm" fw={500} mb={4} id="kind-label">
              Kind
            </Text>
            <SegmentedControl
              aria-labelledby="kind-label"
              disabled={locked}
              data={[
                { value: 'school', label: 'Schools enter' },
                { value: 'country', label: 'Countries enter' },
              ]}
              {...form.getInputProps('kind')}
            />
          </div>
          <TextInput label="Fee per learner" inputMode="decimal" disabled={locked} {...form.getInputProps('fee')} />
          <TextInput label="Currency" maxLength={3} disabled={locked} {...form.getInputProps('currency')} />
          {form.values.kind === 'country' ? (
            <NumberInput
              label="Team size"
              description="The most learners a country's team may have"
              min={1}
              max={50}
              disabled={locked}
              {...form.getInputProps('teamSize')}
            />
          ) : null}
          <TextInput type="datetime-local" label="Window opens (SAST)" {...form.getInputProps('startsAt')} />
          <TextInput type="datetime-local" label="Window closes (SAST)" {...form.getInputProps('endsAt')} />
          <NumberInput
            label="Duration (minutes)"
            description="Each learner's time, from their first question"
            min={1}
            max={1440}
            allowDecimal={false}
            {...form.getInputProps('durationMinutes')}
          />
          <Stack gap={4}>
            <Group grow align="flex-start">
              <NumberInput
                label="Lowest grade"
                required
                min={GRADE_MIN}
                max={GRADE_MAX}
                allowDecimal={false}
                {...form.getInputProps('minGrade')}
              />
              <NumberInput
                label="Highest grade"
                required
                min={GRADE_MIN}
                max={GRADE_MAX}
                allowDecimal={false}
                {...form.getInputProps('maxGrade')}
              />
            </Group>
            <Text size="xs" c="dimmed">
              Learners are loaded, and write, only in these grades.
            </Text>
          </Stack>
          <Stack gap="xs">
            <MultiSelect
              label="Languages"
              description="The languages learners may write in"
              data={olympiadLanguages.map((l) => ({ value: l.code, label: l.label }))}
              {...form.getInputProps('languages')}
              onChange={(languages) => {
                form.setFieldValue('languages', languages as FormValues['languages']);
                // The default stays one of the chosen languages.
                const first = languages[0] as FormValues['defaultLanguage'] | undefined;
                if (first && !languages.includes(form.values.defaultLanguage))
                  form.setFieldValue('defaultLanguage', first);
              }}
            />
            <Select
              label="Default language"
              description="The language learners start in and the paper is written in first"
              allowDeselect={false}
              data={olympiadLanguages
                .filter((l) => form.values.languages.includes(l.code))
                .map((l) => ({ value: l.code, label: l.label }))}
              {...form.getInputProps('defaultLanguage')}
            />
          </Stack>
          <Stack gap="xs" justify="center">
            <Switch
              label="Shuffle answer options for each learner"
              {...form.getInputProps('shuffleOptions', { type: 'checkbox' })}
            />
            <Switch
              label="Learners see their score when they finish"
              {...form.getInputProps('showScore', { type: 'checkbox' })}
            />
            <Switch
              label="Payment before writing"
              description="Learners of a school that has neither paid nor been pre-approved cannot start; they are told to ask their teacher"
              {...form.getInputProps('paymentRequired', { type: 'checkbox' })}
            />
          </Stack>
        </SimpleGrid>
        {swapping ? (
          <Alert color="blue" title={`${languageName(form.values.defaultLanguage)} becomes the default language`}>
            Saving swaps every text of the paper (questions, sections, instructions and declaration) with its{' '}
            {languageName(form.values.defaultLanguage)} version. If any text has none, nothing changes and the server
            names them.
          </Alert>
        ) : null}
        <OlympiadTexts
          base={base}
          others={others}
          words={{ instructions: form.values.instructions, declaration: form.values.declaration }}
          onWords={(w) => form.setValues(w)}
          errors={{
            instructions: form.errors.instructions as string | undefined,
            declaration: form.errors.declaration as string | undefined,
          }}
          translations={form.values.translations}
          onTranslation={(l, w) => form.setFieldValue(`translations.${l}`, { ...form.values.translations[l], ...w })}
          translationErrors={(l, field) =>
            (form.errors[`translations.${l}.${field}`] as string | undefined) ??
            (form.errors[`translations.${l}`] as string | undefined)
          }
          olympiad={olympiad}
          dirty={form.isDirty()}
        />
        <Group justify="flex-end">
          {onDone ? (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={save.isPending}>
            {olympiad ? 'Save settings' : 'Create olympiad'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
