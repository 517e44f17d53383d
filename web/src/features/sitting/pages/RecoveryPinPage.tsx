import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SittingState } from '#contract/index';
import { useConfirmRecoveryPin } from '../api/confirm-recovery-pin.js';
import { useIssueRecoveryPin, type IssuedPin } from '../api/issue-recovery-pin.js';
import { FocusHeading } from '../components/FocusHeading.js';
import { SittingGate } from '../components/SittingGate.js';
import classes from '../sitting.module.css';
import { olympiadPath } from '../steps.js';
import { isApiError } from '../../../lib/api/index.js';

/**
 * /{o}/olympiad/recovery-pin: a PIN to write down; with it a lost session carries on. The PIN stays on screen until
 * the learner confirms writing it down; a reload before that gets a fresh PIN (the server keeps only a hash, so the
 * PIN itself can never be shown again, to anyone).
 */
export default function RecoveryPinPage() {
  const [issued, setIssued] = useState<IssuedPin | null>(null);
  return (
    <SittingGate page="recovery-pin" hold={issued !== null}>
      {(state, olympiadName) => (
        <RecoveryPin
          olympiadName={olympiadName}
          state={state}
          issued={issued}
          onIssued={setIssued}
          onReplaced={() => setIssued(null)}
        />
      )}
    </SittingGate>
  );
}

interface RecoveryPinProps {
  olympiadName: string;
  state: SittingState;
  issued: IssuedPin | null;
  onIssued: (issued: IssuedPin) => void;
  /** The PIN on screen was replaced meanwhile (another window): back to getting a fresh one. */
  onReplaced: () => void;
}

function RecoveryPin({ olympiadName, state, issued, onIssued, onReplaced }: RecoveryPinProps) {
  const navigate = useNavigate();
  const issue = useIssueRecoveryPin(olympiadName);
  const confirm = useConfirmRecoveryPin(olympiadName);
  const [written, setWritten] = useState(false);
  const [missing, setMissing] = useState(false);
  const [replacedElsewhere, setReplacedElsewhere] = useState<string | null>(null);

  const next = (event: React.FormEvent) => {
    event.preventDefault();
    if (!issued) return;
    if (!written) {
      setMissing(true);
      return;
    }
    confirm.mutate(issued.pin, {
      onSuccess: () => void navigate(olympiadPath(olympiadName, 'learner-details'), { replace: true }),
      onError: (error) => {
        if (isApiError(error) && error.status === 409) {
          setReplacedElsewhere(error.message);
          setWritten(false);
          issue.reset();
          onReplaced();
        }
      },
    });
  };

  const pin = issued?.pin ?? null;
  const shownBefore = state.attempt.pinPending || replacedElsewhere !== null;
  if (!pin) {
    return (
      <Stack gap="lg">
        <div>
          <div className={classes.eyebrow}>Step 2 of 3</div>
          <FocusHeading>Your recovery PIN</FocusHeading>
        </div>
        <Text size="lg">
          Next you will get a recovery PIN. If your device switches off or you lose your session, you can sign in again
          with your username and this PIN, and carry on where you were.
        </Text>
        {shownBefore ? (
          <Alert color="orange" variant="light" title="You need a new PIN" role="alert">
            {replacedElsewhere ??
              'A PIN was shown to you, but you did not confirm that you wrote it down (the page was reloaded or closed).'}{' '}
            For your safety that PIN cannot be shown again: you get a new one now, and the old one stops working. If you
            wrote the old PIN down, cross it out.
          </Alert>
        ) : (
          <Alert color="olympus" variant="light" title="Get a pen and paper ready">
            The PIN stays on screen until you confirm that you wrote it down. After that it is never shown again.
          </Alert>
        )}
        {issue.isError ? (
          <Alert color="red" variant="light" role="alert" title="No PIN yet">
            {issue.error.message}
          </Alert>
        ) : null}
        <div>
          <Button size="lg" loading={issue.isPending} onClick={() => issue.mutate(undefined, { onSuccess: onIssued })}>
            {shownBefore ? 'Show my new PIN' : 'Show my PIN'}
          </Button>
        </div>
      </Stack>
    );
  }

  return (
    <form onSubmit={next} noValidate>
      <Stack gap="lg">
        <div className={classes.noPrint}>
          <div className={classes.eyebrow}>Step 2 of 3</div>
          <FocusHeading>Write down your PIN</FocusHeading>
        </div>
        {issued?.replaced ? (
          <Alert color="orange" variant="light" title="This is a new PIN" className={classes.noPrint}>
            The PIN shown to you before no longer works. Write down this one.
          </Alert>
        ) : null}
        <div className={classes.printable}>
          <Text size="lg" mb="sm" id="pin-label">
            Your recovery PIN for this olympiad is:
          </Text>
          <div className={classes.pin} aria-labelledby="pin-label" role="group">
            {pin}
          </div>
          <Text mt="sm" c="dimmed">
            Keep it secret. With your username and this PIN you can carry on if you lose your session.
          </Text>
        </div>
        <Group className={classes.noPrint}>
          <Button variant="default" size="md" onClick={() => window.print()}>
            Print this PIN
          </Button>
        </Group>
        <Checkbox
          className={classes.noPrint}
          size="md"
          checked={written}
          onChange={(event) => {
            setWritten(event.currentTarget.checked);
            setMissing(false);
          }}
          label="I have written it down"
          error={missing ? 'Write your PIN down, then tick this box.' : undefined}
        />
        {confirm.isError && !(isApiError(confirm.error) && confirm.error.status === 409) ? (
          <Alert color="red" variant="light" role="alert" title="Not confirmed yet" className={classes.noPrint}>
            {confirm.error.message} Your PIN stays on screen: try again.
          </Alert>
        ) : null}
        <div className={classes.noPrint}>
          <Button type="submit" size="lg" loading={confirm.isPending}>
            Continue
          </Button>
        </div>
      </Stack>
    </form>
  );
}
