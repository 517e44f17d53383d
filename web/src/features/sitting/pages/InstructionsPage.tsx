import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FactTiles } from '../../../components/FactTiles.js';
import { formatDate } from '../../../lib/dates.js';
import { FocusHeading } from '../components/FocusHeading.js';
import { SittingGate } from '../components/SittingGate.js';
import classes from '../sitting.module.css';
import { olympiadPath } from '../steps.js';

/** /{o}/olympiad/instructions: how the olympiad works, before anything starts. */
export default function InstructionsPage() {
  return (
    <SittingGate page="instructions">
      {(state, olympiadName) => {
        const next = olympiadPath(olympiadName, 'declaration');
        return (
          <Stack gap="lg">
            <div>
              <div className={classes.eyebrow}>{state.olympiad.title}</div>
              <FocusHeading>Hello, {state.learner.firstName || 'there'}</FocusHeading>
            </div>
            <div className={classes.lead} dangerouslySetInnerHTML={{ __html: state.copy['instructions-intro'] }} />
            <FactTiles
              facts={[
                { label: 'Time', value: `${state.olympiad.durationMinutes} min` },
                { label: 'Sections', value: state.olympiad.moduleCount },
                { label: 'Questions', value: state.olympiad.questionCount },
              ]}
            />
            {state.window.endsAt ? (
              <Text>
                {state.window.startsAt
                  ? `The olympiad is open from ${formatDate(state.window.startsAt, 'longDateTime', '', state.learner.timeZone)} `
                  : 'The olympiad is open '}
                until <strong>{formatDate(state.window.endsAt, 'longDateTime', '', state.learner.timeZone)}</strong>.
                Start at least {state.olympiad.durationMinutes} minutes before it closes.
              </Text>
            ) : null}
            {state.olympiad.instructions ? (
              <section aria-labelledby="instructions-heading" className={classes.card}>
                <Text component="h2" id="instructions-heading" fw={700} size="xl" mb="sm">
                  Instructions
                </Text>
                <div className={classes.rich} dangerouslySetInnerHTML={{ __html: state.olympiad.instructions }} />
              </section>
            ) : null}
            <section aria-labelledby="next-heading" className={classes.card}>
              <Text component="h2" id="next-heading" fw={700} size="xl" mb="sm">
                What happens next
              </Text>
              <ol className={classes.stepsList}>
                <li>You promise to write the olympiad on your own.</li>
                <li>You get a recovery PIN to write down, in case you lose your session.</li>
                <li>You check your name and grade.</li>
                <li>You answer the questions. Every answer is saved as soon as you give it.</li>
              </ol>
            </section>
            <div>
              <Button component={Link} to={next} size="lg">
                Continue
              </Button>
            </div>
          </Stack>
        );
      }}
    </SittingGate>
  );
}
