import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { PublicOlympiad } from '#contract/public';
import { EoiBody, provinces } from '#contract/schools';
import { type EoiValues, useSubmitEoi } from '../api/submit-eoi.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useT, type MessageId } from '../../../lib/i18n/index.js';
import { useProjectFrame } from '../components/ProjectHeader.js';
import { Honeypot, ThankYou } from '../components/PublicForm.js';

/** /{projectName}/expression-of-interest: a school asks to take part (spec: POST website/api/eoi). */
export function EoiFormPage() {
  const { projectName = '' } = useParams();
  const t = useT();
  const frame = useProjectFrame(projectName, t('public.project.page.eoi'));
  const [thanks, setThanks] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const olympiads = frame.ready
    ? frame.project.olympiads.filter((o) => !o.endsAt || new Date(o.endsAt).getTime() > now)
    : [];

  if (thanks) {
    return (
      <Stack gap={0} py="md">
        {frame.header}
        <ThankYou message={thanks} maw={720}>
          <Text c="dimmed" mt="sm">
            {t('public.eoi.next')}
          </Text>
        </ThankYou>
      </Stack>
    );
  }
  return (
    <Stack gap={0} py="md">
      {frame.header}
      {frame.ready ? (
        olympiads.length === 0 ? (
          <Alert color="yellow">{t('public.eoi.closed')}</Alert>
        ) : (
          <EoiForm
            olympiads={olympiads}
            projectName={projectName}
            own={frame.project.language ?? 'en'}
            onSent={setThanks}
          />
        )
      ) : null}
    </Stack>
  );
}

function EoiForm({
  olympiads,
  projectName,
  own,
  onSent,
}: {
  olympiads: PublicOlympiad[];
  projectName: string;
  /** The language the olympiads' titles are written in. */
  own: string;
  onSent: (message: string) => void;
}) {
  const t = useT();
  const submit = useSubmitEoi();
  const toBody = (v: FormValues): EoiValues => ({
    ...v,
    olympiadId: Number(v.olympiadId),
    // A province the list does not hold is refused by the schema before anything is sent.
    province: v.province as EoiValues['province'],
    learnerEstimate: v.learnerEstimate === '' ? null : Number(v.learnerEstimate),
    projectName,
  });
  const form = useSchemaForm<FormValues, EoiValues>({
    schema: EoiBody,
    toInput: toBody,
    mode: 'uncontrolled',
    initialValues: {
      olympiadId: String(olympiads[0]!.id),
      schoolName: '',
      emisNumber: '',
      province: '',
      town: '',
      schoolPhone: '',
      teacherFirstName: '',
      teacherLastName: '',
      teacherEmail: '',
      teacherPhone: '',
      learnerEstimate: '',
      message: '',
      website: '',
    },
    validateInputOnBlur: true,
  });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={860}>
      <Text mb="md">{t('public.eoi.lead')}</Text>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          submit.mutate(values, {
            onSuccess: () => onSent(t('public.eoi.thanks', { email: values.teacherEmail })),
            onError: form.setServerErrors,
          }),
        )}
      >
        <Stack>
          {submit.error ? (
            <Alert color="red" role="alert" title={t('public.eoi.failed')}>
              {submit.error.message}
            </Alert>
          ) : null}
          {olympiads.length > 1 ? (
            <Select
              label={t('public.eoi.olympiad')}
              required
              allowDeselect={false}
              data={olympiads.map((o) => ({ value: String(o.id), label: o.title }))}
              key={form.key('olympiadId')}
              {...form.getInputProps('olympiadId')}
            />
          ) : (
            <Text fw={600} lang={own}>
              {olympiads[0]!.title}
            </Text>
          )}
          <Title order={2} size="h4">
            {t('public.eoi.yourSchool')}
          </Title>
          <TextInput
            label={t('public.eoi.schoolName')}
            required
            autoComplete="organization"
            key={form.key('schoolName')}
            {...form.getInputProps('schoolName')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('public.eoi.emis')}
              description={t('public.eoi.emisHelp')}
              inputMode="numeric"
              key={form.key('emisNumber')}
              {...form.getInputProps('emisNumber')}
            />
            <Select
              label={t('public.eoi.province')}
              required
              data={provinces.map((p) => ({ value: p, label: t(provinceNames[p]) }))}
              searchable
              key={form.key('province')}
              {...form.getInputProps('province')}
            />
            <TextInput label={t('public.eoi.town')} required key={form.key('town')} {...form.getInputProps('town')} />
            <TextInput
              label={t('public.eoi.schoolPhone')}
              type="tel"
              key={form.key('schoolPhone')}
              {...form.getInputProps('schoolPhone')}
            />
          </SimpleGrid>
          <Title order={2} size="h4">
            {t('public.eoi.you')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('public.eoi.firstName')}
              required
              autoComplete="given-name"
              key={form.key('teacherFirstName')}
              {...form.getInputProps('teacherFirstName')}
            />
            <TextInput
              label={t('public.eoi.surname')}
              required
              autoComplete="family-name"
              key={form.key('teacherLastName')}
              {...form.getInputProps('teacherLastName')}
            />
            <TextInput
              label={t('public.eoi.email')}
              type="email"
              required
              autoComplete="email"
              key={form.key('teacherEmail')}
              {...form.getInputProps('teacherEmail')}
            />
            <TextInput
              label={t('public.eoi.phone')}
              type="tel"
              autoComplete="tel"
              key={form.key('teacherPhone')}
              {...form.getInputProps('teacherPhone')}
            />
          </SimpleGrid>
          <NumberInput
            label={t('public.eoi.learners')}
            min={1}
            max={5000}
            key={form.key('learnerEstimate')}
            {...form.getInputProps('learnerEstimate')}
            w={{ base: '100%', sm: 240 }}
          />
          <Textarea
            label={t('public.eoi.message')}
            minRows={3}
            key={form.key('message')}
            {...form.getInputProps('message')}
          />
          <Honeypot id="eoi-website" inputKey={form.key('website')} inputProps={form.getInputProps('website')} />
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={submit.isPending}>
              {t('public.eoi.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Each province's name in the page's language (the value sent is the English one the schema holds). */
const provinceNames: Record<(typeof provinces)[number], MessageId> = {
  'Eastern Cape': 'public.province.easternCape',
  'Free State': 'public.province.freeState',
  Gauteng: 'public.province.gauteng',
  'KwaZulu-Natal': 'public.province.kwaZuluNatal',
  Limpopo: 'public.province.limpopo',
  Mpumalanga: 'public.province.mpumalanga',
  'North West': 'public.province.northWest',
  'Northern Cape': 'public.province.northernCape',
  'Western Cape': 'public.province.westernCape',
};

interface FormValues extends Record<string, unknown> {
  olympiadId: string;
  schoolName: string;
  emisNumber: string;
  province: string;
  town: string;
  schoolPhone: string;
  teacherFirstName: string;
  teacherLastName: string;
  teacherEmail: string;
  teacherPhone: string;
  learnerEstimate: number | string;
  message: string;
  website: string;
}
