import { Alert, Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { formatDate } from '../../../lib/dates.js';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import '../../../lib/zod-config.js';
import { LearnerDetailsBody, type SittingState } from '#contract/index';
import { unitWords } from '#contract/units';
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

const grades = Array.from({ length: 12 }, (_, i) => String(i + 1));

type Errors = Partial<Record<'firstName' | 'lastName' | 'grade', string>>;

function LearnerDetails({ state, olympiadName }: { state: SittingState; olympiadName: string }) {
  const navigate = useNavigate();
  const confirm = useConfirmDetails(olympiadName);
  const [firstName, setFirstName] = useState(state.learner.firstName);
  const [lastName, setLastName] = useState(state.learner.lastName);
  const [grade, setGrade] = useState(state.learner.grade ? String(state.learner.grade) : '');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = LearnerDetailsBody.safeParse({ firstName, lastName, grade: grade ? Number(grade) : undefined });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        next[field] ??= field === 'grade' ? 'Choose your grade' : issue.message;
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
          <div className={classes.eyebrow}>Step 3 of 3</div>
          <FocusHeading>Check your details</FocusHeading>
        </div>
        <Text size="lg">
          Your certificate will show your name exactly as it is here. Correct anything that is wrong.
        </Text>
        <div className={classes.card}>
          <Stack gap="md">
            <TextInput
              label="First name"
              size="md"
              required
              autoComplete="given-name"
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              error={errors.firstName}
            />
            <TextInput
              label="Surname"
              size="md"
              required
              autoComplete="family-name"
              value={lastName}
              onChange={(e) => setLastName(e.currentTarget.value)}
              error={errors.lastName}
            />
            <NativeSelect
              label="Grade"
              size="md"
              required
              value={grade}
              onChange={(e) => setGrade(e.currentTarget.value)}
              data={[
                { value: '', label: 'Choose your grade' },
                ...grades.map((g) => ({ value: g, label: `Grade ${g}` })),
              ]}
              error={errors.grade}
            />
            {state.learner.schoolName ? (
              <Text>
                {unitWords(state.olympiad.kind).Unit}: <strong>{state.learner.schoolName}</strong>
              </Text>
            ) : null}
          </Stack>
        </div>
        <Alert color="olympus" variant="light" title="Ready?">
          When you press the button below, the first question opens and your {state.olympiad.durationMinutes} minutes
          start. The clock keeps running if you close the page; your answers are saved as you go.
          {state.window.endsAt
            ? ` The olympiad closes at ${formatDate(state.window.endsAt, 'longDateTime', '', state.learner.timeZone)}: your time ends then at the latest.`
            : null}
        </Alert>
        {confirm.isError ? (
          <Alert color="red" variant="light" role="alert" title="Not saved">
            {confirm.error.message}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" size="lg" loading={confirm.isPending}>
            These are correct: start
          </Button>
        </div>
      </Stack>
    </form>
  );
}
