import { Alert, Button, Stack, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { SittingState } from '#contract/index';
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
  useQuery({ ...sittingStateQuery(olympiadName), refetchInterval: 2000 });
  return <SittingLoading label="Time is up. Handing in your answers…" />;
}

/** The first sentence; the olympiad's own finished message (general copy) follows it when the learner finished. */
function finishedText(firstName: string, reason: SittingState['attempt']['finishReason']): string {
  const greeting = firstName ? `Well done, ${firstName}.` : 'Well done.';
  if (reason === 'time_up') return `${greeting} The time ran out, and every answer that was saved has been handed in.`;
  if (reason === 'admin')
    return `${greeting} The organisers closed your olympiad, and every answer that was saved has been handed in.`;
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
  const reason = state.attempt.finishReason;
  const { score, maxScore } = state.attempt;
  const kept = useKeptOnDevice(olympiadName);
  if (kept === 'checking') return <SittingLoading />;
  if (kept === 'kept' || isOnDevice(state)) return <FinishedOnDevice state={state} />;
  return (
    <Stack gap="lg">
      <div>
        <div className={classes.eyebrow}>{state.olympiad.title}</div>
        <FocusHeading>{reason === 'time_up' ? 'Time is up: your answers are in' : 'Your answers are in'}</FocusHeading>
      </div>
      <Text size="lg">{finishedText(state.learner.firstName, reason)}</Text>
      {reason === 'time_up' || reason === 'admin' ? null : (
        <div className={classes.lead} dangerouslySetInnerHTML={{ __html: state.copy['finished-message'] }} />
      )}
      <PublishedResult olympiadId={state.olympiad.id} kind={state.olympiad.kind} />
      {score !== null ? (
        <div className={classes.card}>
          <Text size="lg">
            Your score: <strong>{score}</strong>
            {maxScore !== null ? ` out of ${maxScore}` : ''}
          </Text>
        </div>
      ) : (
        <div className={classes.muted} dangerouslySetInnerHTML={{ __html: state.copy['results-pending'] }} />
      )}
      {state.attempt.feedbackGiven ? (
        <Alert color="green" variant="light" title="Thank you for your feedback">
          You can close this page now.
        </Alert>
      ) : (
        <Feedback olympiadName={olympiadName} invitation={state.copy['feedback-invitation']} />
      )}
    </Stack>
  );
}

/** Finished on this device: what it holds waits for the connection; the page says so and what to do. */
function FinishedOnDevice({ state }: { state: SittingState }) {
  const timeUp = state.attempt.finishReason === 'time_up';
  return (
    <Stack gap="lg">
      <div>
        <div className={classes.eyebrow}>{state.olympiad.title}</div>
        <FocusHeading>{timeUp ? 'Time is up' : 'You have finished'}</FocusHeading>
      </div>
      <Alert color="orange" variant="light" title="Not sent yet" role="status">
        {timeUp
          ? 'The time ran out. The answers you gave in time are kept on this device and will be sent when you are connected again; keep this page open or come back to it.'
          : 'You have finished. Your answers are kept on this device and will be sent when you are connected again; keep this page open or come back to it.'}
      </Alert>
      <Text>You cannot change your answers any more. Do not clear this browser’s data until they are sent.</Text>
    </Stack>
  );
}

function Feedback({ olympiadName, invitation }: { olympiadName: string; invitation: string }) {
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
            What did you think? (optional)
          </Text>
          <div className={classes.muted} dangerouslySetInnerHTML={{ __html: invitation }} />
        </div>
        <fieldset className={classes.stars}>
          <legend>How did you find the olympiad? 1 is “not good”, 5 is “very good”.</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={classes.star}>
              <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} />
              <span>{n}</span>
            </label>
          ))}
        </fieldset>
        <Textarea
          label="Anything you want to tell us?"
          size="md"
          autosize
          minRows={3}
          maxLength={2000}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        {send.isError ? (
          <Alert color="red" variant="light" role="alert" title="Not sent">
            {send.error.message}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" size="md" loading={send.isPending} disabled={rating === null && comment.trim() === ''}>
            Send feedback
          </Button>
        </div>
      </Stack>
    </form>
  );
}
