import { Alert, Button, Stack, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { SittingState } from '#contract/index';
import { T, useT, type MessageId } from '../../../lib/i18n/index.js';
import { letNewReleaseIn } from '../../../lib/offline/worker.js';
import { useSessionUser } from '../../../lib/session/use-session.js';
import { sittingKeys } from '../api/keys.js';
import { useSendFeedback } from '../api/send-feedback.js';
import { sittingStateQuery } from '../api/get-sitting-state.js';
import { FocusHeading } from '../components/FocusHeading.js';
import { PublishedResult } from '../components/PublishedResult.js';
import { SittingGate, SittingLoading } from '../components/SittingGate.js';
import { isOnDevice } from '../outbox/paper-store.js';
import { sittingSync } from '../outbox/sync.js';
import { learnerCopy } from '../language/copy.js';
import classes from '../sitting.module.css';

/** /{o}/olympiad/finished: your answers are in; optional feedback; the score only when the server sends it. */
export default function FinishedPage() {
  const location = useLocation();
  const timeUp = (location.state as { timeUp?: boolean } | null)?.timeUp === true;
  return (
    <SittingGate page="finished" hold={timeUp}>
      {(state, olympiadName) =>
        state.step === 'finished' ? (
          <Finished state={state} olympiadName={olympiadName} />
        ) : (
          <HandingIn olympiadName={olympiadName} />
        )
      }
    </SittingGate>
  );
}

/** Time ran out a moment ago: the server closes the attempt; ask until it says so. */
function HandingIn({ olympiadName }: { olympiadName: string }) {
  const t = useT();
  useQuery({ ...sittingStateQuery(olympiadName), refetchInterval: 2000 });
  return <SittingLoading label={t('sitting.finished.handingIn')} />;
}

/** The first sentence; the olympiad's own finished message (general copy) follows it when the learner finished. */
function finishedText(
  t: (id: MessageId, values?: Record<string, unknown>) => string,
  firstName: string,
  reason: SittingState['attempt']['finishReason'],
): string {
  const greeting = firstName ? t('sitting.finished.wellDoneName', { name: firstName }) : t('sitting.finished.wellDone');
  if (reason === 'time_up') return `${greeting} ${t('sitting.finished.timeRanOut')}`;
  if (reason === 'admin') return `${greeting} ${t('sitting.finished.closedByOrganisers')}`;
  return greeting;
}

/**
 * What this device still holds of the attempt (answers given offline, a hand-in given offline): sent from here
 * when the connection returns, and then the sitting's copies leave the device and the page asks the server again.
 */
function useKeptOnDevice(olympiadName: string): 'checking' | 'kept' | 'none' {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const sync = useMemo(() => sittingSync(olympiadName, user?.id ?? 0), [olympiadName, user?.id]);
  const snapshot = useSyncExternalStore(sync.subscribe, sync.getSnapshot);
  useEffect(() => {
    void sync.resume();
  }, [sync]);
  const kept = snapshot.closed ? 'none' : snapshot.ready ? 'kept' : 'checking';
  useEffect(() => {
    if (kept !== 'none') return;
    void queryClient.invalidateQueries({ queryKey: sittingKeys.state(olympiadName) });
    // Nothing of the paper is left to send: a new release of the page may take over now (decision 086).
    letNewReleaseIn();
  }, [kept, queryClient, olympiadName]);
  return kept;
}

function Finished({ state, olympiadName }: { state: SittingState; olympiadName: string }) {
  const t = useT();
  const reason = state.attempt.finishReason;
  const { score, maxScore } = state.attempt;
  const kept = useKeptOnDevice(olympiadName);
  const message = learnerCopy(state, 'finished-message', t);
  const pending = learnerCopy(state, 'results-pending', t);
  if (kept === 'checking') return <SittingLoading />;
  if (kept === 'kept' || isOnDevice(state)) return <FinishedOnDevice state={state} />;
  return (
    <Stack gap="lg">
      <div>
        <div className={classes.eyebrow}>{state.olympiad.title}</div>
        <FocusHeading>{reason === 'time_up' ? t('sitting.finished.timeUpIn') : t('sitting.finished.in')}</FocusHeading>
      </div>
      <Text size="lg">{finishedText(t, state.learner.firstName, reason)}</Text>
      {reason === 'time_up' || reason === 'admin' ? null : (
        <div className={classes.lead} lang={message.lang} dangerouslySetInnerHTML={{ __html: message.value }} />
      )}
      <PublishedResult olympiadId={state.olympiad.id} kind={state.olympiad.kind} />
      {score !== null ? (
        <div className={classes.card}>
          <Text size="lg">
            {maxScore !== null ? (
              <T id="sitting.finished.scoreOutOf" values={{ score, maxScore }} components={{ 0: <strong /> }} />
            ) : (
              <T id="sitting.finished.score" values={{ score }} components={{ 0: <strong /> }} />
            )}
          </Text>
        </div>
      ) : (
        <div className={classes.muted} lang={pending.lang} dangerouslySetInnerHTML={{ __html: pending.value }} />
      )}
      {state.attempt.feedbackGiven ? (
        <Alert color="green" variant="light" title={t('sitting.feedback.thanks')}>
          {t('sitting.finished.closePage')}
        </Alert>
      ) : (
        <Feedback olympiadName={olympiadName} invitation={learnerCopy(state, 'feedback-invitation', t)} />
      )}
    </Stack>
  );
}

/** Finished on this device: what it holds waits for the connection; the page says so and what to do. */
function FinishedOnDevice({ state }: { state: SittingState }) {
  const t = useT();
  const timeUp = state.attempt.finishReason === 'time_up';
  return (
    <Stack gap="lg">
      <div>
        <div className={classes.eyebrow}>{state.olympiad.title}</div>
        <FocusHeading>{timeUp ? t('sitting.finished.timeUp') : t('sitting.finished.youFinished')}</FocusHeading>
      </div>
      <Alert color="orange" variant="light" title={t('sitting.notSentYet')} role="status">
        {timeUp ? t('sitting.finished.keptTimeUp') : t('sitting.finished.kept')}
      </Alert>
      <Text>{t('sitting.finished.noChanges')}</Text>
    </Stack>
  );
}

function Feedback(props: { olympiadName: string; invitation: { value: string; lang: string | undefined } }) {
  const { olympiadName, invitation } = props;
  const t = useT();
  const send = useSendFeedback(olympiadName);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    send.mutate({ rating, comment: comment.trim() });
  };
  return (
    <form onSubmit={submit} className={classes.card} aria-labelledby="feedback-heading">
      <Stack gap="md">
        <div>
          <Text component="h2" id="feedback-heading" fw={700} size="xl">
            {t('sitting.feedback.heading')}
          </Text>
          <div
            className={classes.muted}
            lang={invitation.lang}
            dangerouslySetInnerHTML={{ __html: invitation.value }}
          />
        </div>
        <fieldset className={classes.stars}>
          <legend>{t('sitting.feedback.rating')}</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={classes.star}>
              <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} />
              <span>{n}</span>
            </label>
          ))}
        </fieldset>
        <Textarea
          label={t('sitting.feedback.comment')}
          size="md"
          autosize
          minRows={3}
          maxLength={2000}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        {send.isError ? (
          <Alert color="red" variant="light" role="alert" title={t('sitting.feedback.notSent')}>
            {send.error.message}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" size="md" loading={send.isPending} disabled={rating === null && comment.trim() === ''}>
            {t('sitting.feedback.send')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
