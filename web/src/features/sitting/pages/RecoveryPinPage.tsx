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
import { useT } from '../../../lib/i18n/index.js';

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
  const t = useT();
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
          <div className={classes.eyebrow}>{t('sitting.step', { step: 2, steps: 3 })}</div>
          <FocusHeading>{t('sitting.pin.heading')}</FocusHeading>
        </div>
        <Text size="lg">{t('sitting.pin.intro')}</Text>
        {shownBefore ? (
          <Alert color="orange" variant="light" title={t('sitting.pin.needNew')} role="alert">
            {replacedElsewhere ?? t('sitting.pin.unconfirmed')} {t('sitting.pin.safety')}
          </Alert>
        ) : (
          <Alert color="olympus" variant="light" title={t('sitting.pin.penReady')}>
            {t('sitting.pin.staysOnScreen')}
          </Alert>
        )}
        {issue.isError ? (
          <Alert color="red" variant="light" role="alert" title={t('sitting.pin.noPinYet')}>
            {issue.error.message}
          </Alert>
        ) : null}
        <div>
          <Button size="lg" loading={issue.isPending} onClick={() => issue.mutate(undefined, { onSuccess: onIssued })}>
            {shownBefore ? t('sitting.pin.showNew') : t('sitting.pin.show')}
          </Button>
        </div>
      </Stack>
    );
  }

  return (
    <form onSubmit={next} noValidate>
      <Stack gap="lg">
        <div className={classes.noPrint}>
          <div className={classes.eyebrow}>{t('sitting.step', { step: 2, steps: 3 })}</div>
          <FocusHeading>{t('sitting.pin.writeDown')}</FocusHeading>
        </div>
        {issued?.replaced ? (
          <Alert color="orange" variant="light" title={t('sitting.pin.isNew')} className={classes.noPrint}>
            {t('sitting.pin.oldStops')}
          </Alert>
        ) : null}
        <div className={classes.printable}>
          <Text size="lg" mb="sm" id="pin-label">
            {t('sitting.pin.yours')}
          </Text>
          <div className={classes.pin} aria-labelledby="pin-label" role="group">
            {pin}
          </div>
          <Text mt="sm" c="dimmed">
            {t('sitting.pin.secret')}
          </Text>
        </div>
        <Group className={classes.noPrint}>
          <Button variant="default" size="md" onClick={() => window.print()}>
            {t('sitting.pin.print')}
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
          label={t('sitting.pin.written')}
          error={missing ? t('sitting.pin.tick') : undefined}
        />
        {confirm.isError && !(isApiError(confirm.error) && confirm.error.status === 409) ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={t('sitting.pin.notConfirmed')}
            className={classes.noPrint}
          >
            {confirm.error.message} {t('sitting.pin.staysTryAgain')}
          </Alert>
        ) : null}
        <div className={classes.noPrint}>
          <Button type="submit" size="lg" loading={confirm.isPending}>
            {t('sitting.continue')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
