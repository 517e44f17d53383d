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
import { useProjectFrame } from '../components/ProjectHeader.js';
import { Honeypot, ThankYou } from '../components/PublicForm.js';

/** /{projectName}/expression-of-interest: a school asks to take part (spec: POST website/api/eoi). */
export function EoiFormPage() {
  const { projectName = '' } = useParams();
  const frame = useProjectFrame(projectName, 'Enter your school');
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
            You will get an email with a link to choose your password and sign in to the teacher portal, where you load
            your learners.
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
          <Alert color="yellow">
            No olympiad of this project is taking entries right now. Please look again later.
          </Alert>
        ) : (
          <EoiForm olympiads={olympiads} projectName={projectName} onSent={setThanks} />
        )
      ) : null}
    </Stack>
  );
}

function EoiForm({
  olympiads,
  projectName,
  onSent,
}: {
  olympiads: PublicOlympiad[];
  projectName: string;
  onSent: (message: string) => void;
}) {
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
      <Text mb="md">
        Tell us about your school and we will set up your school and your teacher account. It takes two minutes.
      </Text>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          submit.mutate(values, {
            onSuccess: (r) => onSent(r.message ?? 'Thank you!'),
            onError: form.setServerErrors,
          }),
        )}
      >
        <Stack>
          {submit.error ? (
            <Alert color="red" role="alert" title="Your form was not sent">
              {submit.error.message}
            </Alert>
          ) : null}
          {olympiads.length > 1 ? (
            <Select
              label="Olympiad"
              required
              allowDeselect={false}
              data={olympiads.map((o) => ({ value: String(o.id), label: o.title }))}
              key={form.key('olympiadId')}
              {...form.getInputProps('olympiadId')}
            />
          ) : (
            <Text fw={600}>{olympiads[0]!.title}</Text>
          )}
          <Title order={2} size="h4">
            Your school
          </Title>
          <TextInput
            label="School name"
            required
            autoComplete="organization"
            key={form.key('schoolName')}
            {...form.getInputProps('schoolName')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="EMIS number"
              description="If you know it: 6 to 12 digits"
              inputMode="numeric"
              key={form.key('emisNumber')}
              {...form.getInputProps('emisNumber')}
            />
            <Select
              label="Province"
              required
              data={[...provinces]}
              searchable
              key={form.key('province')}
              {...form.getInputProps('province')}
            />
            <TextInput label="Town" required key={form.key('town')} {...form.getInputProps('town')} />
            <TextInput
              label="School phone"
              type="tel"
              key={form.key('schoolPhone')}
              {...form.getInputProps('schoolPhone')}
            />
          </SimpleGrid>
          <Title order={2} size="h4">
            You, the teacher
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              required
              autoComplete="given-name"
              key={form.key('teacherFirstName')}
              {...form.getInputProps('teacherFirstName')}
            />
            <TextInput
              label="Surname"
              required
              autoComplete="family-name"
              key={form.key('teacherLastName')}
              {...form.getInputProps('teacherLastName')}
            />
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="email"
              key={form.key('teacherEmail')}
              {...form.getInputProps('teacherEmail')}
            />
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="tel"
              key={form.key('teacherPhone')}
              {...form.getInputProps('teacherPhone')}
            />
          </SimpleGrid>
          <NumberInput
            label="About how many learners?"
            min={1}
            max={5000}
            key={form.key('learnerEstimate')}
            {...form.getInputProps('learnerEstimate')}
            w={{ base: '100%', sm: 240 }}
          />
          <Textarea
            label="Anything else we should know?"
            minRows={3}
            key={form.key('message')}
            {...form.getInputProps('message')}
          />
          <Honeypot id="eoi-website" inputKey={form.key('website')} inputProps={form.getInputProps('website')} />
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={submit.isPending}>
              Send expression of interest
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

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
