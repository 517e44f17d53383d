import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { sittingKeys } from '../api/keys.js';
import { useIssueRecoveryPin } from '../api/issue-recovery-pin.js';
import { FocusHeading } from '../components/FocusHeading.js';
import { SittingGate } from '../components/SittingGate.js';
import classes from '../sitting.module.css';
import { olympiadPath } from '../steps.js';

/** /{o}/olympiad/recovery-pin: a PIN shown once, to write down; with it a lost session carries on. */
export default function RecoveryPinPage() {
  const [pin, setPin] = useState<string | null>(null);
  return (
    <SittingGate page="recovery-pin" hold={pin !== null}>
      {(_state, olympiadName) => <RecoveryPin olympiadName={olympiadName} pin={pin} onPin={setPin} />}
    </SittingGate>
  );
}

interface RecoveryPinProps {
  olympiadName: string;
  pin: string | null;
  onPin: (pin: string) => void;
}

function RecoveryPin({ olympiadName, pin, onPin }: RecoveryPinProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const issue = useIssueRecoveryPin(olympiadName);
  const [written, setWritten] = useState(false);
  const [missing, setMissing] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const next = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!written) {
      setMissing(true);
      return;
    }
    setLeaving(true);
    await queryClient.invalidateQueries({ queryKey: sittingKeys.state(olympiadName) });
    void navigate(olympiadPath(olympiadName, 'learner-details'), { replace: true });
  };

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
        <Alert color="olympus" variant="light" title="Get a pen and paper ready">
          The PIN is shown only once. Write it down before you continue.
        </Alert>
        {issue.isError ? (
          <Alert color="red" variant="light" role="alert" title="No PIN yet">
            {issue.error.message}
          </Alert>
        ) : null}
        <div>
          <Button size="lg" loading={issue.isPending} onClick={() => issue.mutate(undefined, { onSuccess: onPin })}>
            Show my PIN
          </Button>
        </div>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void next(event)} noValidate>
      <Stack gap="lg">
        <div className={classes.noPrint}>
          <div className={classes.eyebrow}>Step 2 of 3</div>
          <FocusHeading>Write down your PIN</FocusHeading>
        </div>
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
        <div className={classes.noPrint}>
          <Button type="submit" size="lg" loading={leaving}>
            Continue
          </Button>
        </div>
      </Stack>
    </form>
  );
}
