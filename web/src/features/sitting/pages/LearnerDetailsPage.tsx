import { Alert, Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { formatDate } from '../../../lib/dates.js';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import '../../../lib/zod-config.js';
import { gradesOf, gradeWithin } from '#contract/grades';
import { LearnerDetailsBody, type SittingState } from '#contract/index';
import { useT } from '../../../lib/i18n/index.js';
import { useConfirmDetails } from '../api/confirm-details.js';
import { FocusHeading } from '../components/FocusHeading.js';
import { SittingGate } from '../components/SittingGate.js';
import classes from '../sitting.module.css';
import { questionPath } from '../steps.js';

/** /{o}/olympiad/learner-details: confirm or correct name, surname and grade, then start. */
export default function LearnerDetailsPage() {
  return (
    <SittingGate page="learner-details">
      {(state, olympiadName) => <LearnerDetails state={state} olympiadName={olympiadName} />}
    </SittingGate>
  );
}

type Errors = Partial<Record<'firstName' | 'lastName' | 'grade', string>>;

function LearnerDetails({ state, olympiadName }: { state: SittingState; olympiadName: string }) {
  const t = useT();
  const navigate = useNavigate();
  const confirm = useConfirmDetails(olympiadName);
  const [firstName, setFirstName] = useState(state.learner.firstName);
  const [lastName, setLastName] = useState(state.learner.lastName);
  // Only the olympiad's grades are offered (decision 045); a grade outside them is asked again.
  const grades = gradesOf(state.olympiad);
  const given = state.learner.grade;
  const [grade, setGrade] = useState(given != null && grades.includes(given) ? String(given) : '');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = LearnerDetailsBody.extend({ grade: gradeWithin(state.olympiad) }).safeParse({
      firstName,
      lastName,
      grade: grade ? Number(grade) : undefined,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        next[field] ??= field === 'grade' ? t('sitting.details.chooseGrade') : issue.message;
      }
      setErrors(next);
      return;
    }
    confirm.mutate(parsed.data, {
      onSuccess: () => void navigate(questionPath(olympiadName, 0, 'intro'), { replace: true }),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <div>
          <div className={classes.eyebrow}>{t('sitting.step', { step: 3, steps: 3 })}</div>
          <FocusHeading>{t('sitting.details.heading')}</FocusHeading>
        </div>
        <Text size="lg">{t('sitting.details.intro')}</Text>
        <div className={classes.card}>
          <Stack gap="md">
            <TextInput
              label={t('sitting.details.firstName')}
              size="md"
              required
              autoComplete="given-name"
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              error={errors.firstName}
            />
            <TextInput
              label={t('sitting.details.surname')}
              size="md"
              required
              autoComplete="family-name"
              value={lastName}
              onChange={(e) => setLastName(e.currentTarget.value)}
              error={errors.lastName}
            />
            <NativeSelect
              label={t('sitting.details.grade')}
              size="md"
              required
              value={grade}
              onChange={(e) => setGrade(e.currentTarget.value)}
              data={[
                { value: '', label: t('sitting.details.chooseGrade') },
                ...grades.map((g) => ({ value: String(g), label: t('sitting.details.gradeN', { grade: g }) })),
              ]}
              error={errors.grade}
            />
            {state.learner.schoolName ? (
              <Text>
                {t('sitting.details.unit', { kind: state.olympiad.kind ?? 'school' })}:{' '}
                <strong>{state.learner.schoolName}</strong>
              </Text>
            ) : null}
          </Stack>
        </div>
        <Alert color="olympus" variant="light" title={t('sitting.details.ready')}>
          {t('sitting.details.readyText', { minutes: state.olympiad.durationMinutes })}
          {state.window.endsAt
            ? ` ${t('sitting.details.closesAt', { when: formatDate(state.window.endsAt, 'longDateTime', '', state.learner.timeZone) })}`
            : null}
        </Alert>
        {confirm.isError ? (
          <Alert color="red" variant="light" role="alert" title={t('sitting.details.notSaved')}>
            {confirm.error.message}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" size="lg" loading={confirm.isPending}>
            {t('sitting.details.start')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
