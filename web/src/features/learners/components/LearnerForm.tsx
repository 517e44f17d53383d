import { Alert, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { type GradeRange, gradesOf, gradeWithin } from '#contract/grades';
import { LearnerInput, type Learner } from '#contract/learners';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { T, useT } from '../../../lib/i18n/index.js';
import { useAddLearner } from '../api/add-learner.js';
import type { LearnerScope } from '../api/keys.js';
import { useUpdateLearner } from '../api/update-learner.js';

/** Add a learner (then show the username and password made for them) or correct one. */
export function LearnerForm({
  scope,
  grades,
  learner,
  askBirthDate = false,
  onDone,
}: {
  scope: LearnerScope;
  /** The olympiad's grades: the only ones offered, and the form's own rule (decision 045). */
  grades: GradeRange;
  learner: Learner | null;
  /** A country's team member: their date of birth too (decision 039). */
  askBirthDate?: boolean;
  onDone: () => void;
}) {
  const t = useT();
  const add = useAddLearner();
  const update = useUpdateLearner();
  const [created, setCreated] = useState<{ username: string; password: string } | null>(null);
  // A new learner is loaded only with the confirmation that the school holds consent (decision 109).
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const { minGrade, maxGrade } = grades;
  const schema = useMemo(
    () => LearnerInput.extend({ grade: gradeWithin({ minGrade, maxGrade }) }),
    [minGrade, maxGrade],
  );
  const choices = gradesOf(grades);
  const form = useSchemaForm({
    schema,
    mode: 'uncontrolled',
    initialValues: {
      firstName: learner?.firstName ?? '',
      lastName: learner?.lastName ?? '',
      // One grade to choose from is chosen already.
      grade: String(learner?.grade ?? (choices.length === 1 ? choices[0] : '')),
      dateOfBirth: learner?.dateOfBirth ?? '',
    },
    // The grade list holds '' until a grade is chosen; the schema's coercion judges it as the server would.
    toInput: (v) => ({
      firstName: v.firstName,
      lastName: v.lastName,
      grade: v.grade === '' ? undefined : Number(v.grade),
      dateOfBirth: v.dateOfBirth,
    }),
    validateInputOnBlur: true,
  });
  if (created) {
    return (
      <Stack>
        <Alert color="green" title={t('portal.learnerForm.added')} role="status">
          <T
            id="portal.learnerForm.addedBody"
            values={{ username: created.username, password: created.password }}
            components={{ 0: <b />, 1: <b /> }}
          />
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onDone}>{t('portal.learnerForm.done')}</Button>
        </Group>
      </Stack>
    );
  }
  const error = add.error ?? update.error;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((input) => {
        // Every missing answer is said at once, not one per try.
        const consentMissing = !learner && !consent;
        const birthMissing = askBirthDate && !input.dateOfBirth;
        if (consentMissing) setConsentError(true);
        if (birthMissing) form.setFieldError('dateOfBirth', t('portal.learnerForm.birthMissing'));
        if (consentMissing || birthMissing) return;
        const values = {
          firstName: input.firstName,
          lastName: input.lastName,
          grade: Number(input.grade),
          ...(askBirthDate || input.dateOfBirth ? { dateOfBirth: input.dateOfBirth || null } : {}),
        };
        if (learner) update.mutate({ id: learner.id, values }, { onSuccess: onDone, onError: form.setServerErrors });
        else
          add.mutate(
            { ...scope, ...values, consentConfirmed: true },
            { onSuccess: (r) => setCreated(r.learner), onError: form.setServerErrors },
          );
      })}
    >
      <Stack>
        {error ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('portal.learners.col.firstName')}
            required
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('portal.learners.col.surname')}
            required
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <Group align="flex-start">
          <NativeSelect
            label={t('portal.learners.col.grade')}
            required
            w={160}
            data={[
              { value: '', label: t('portal.learnerForm.choose'), disabled: true },
              ...choices.map((g) => ({ value: String(g), label: t('portal.learnerForm.grade', { grade: g }) })),
            ]}
            key={form.key('grade')}
            {...form.getInputProps('grade')}
          />
          {askBirthDate ? (
            <TextInput
              label={t('portal.learners.col.dateOfBirth')}
              type="date"
              required
              w={200}
              key={form.key('dateOfBirth')}
              {...form.getInputProps('dateOfBirth')}
            />
          ) : null}
        </Group>
        {learner ? null : (
          <Checkbox
            label={t('portal.consent.one')}
            checked={consent}
            required
            error={consentError && !consent ? t('portal.consent.required') : undefined}
            onChange={(e) => {
              setConsent(e.currentTarget.checked);
              setConsentError(false);
            }}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending || update.isPending}>
            {learner ? t('portal.learnerForm.save') : t('portal.learnerForm.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
