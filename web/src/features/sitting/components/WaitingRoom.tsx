import { useEffect } from 'react';
import type { SittingState } from '#contract/index';
import { QueuePlace } from '../../../components/QueuePlace.js';
import { useWaitingPlace } from '../api/get-waiting-place.js';
import classes from '../sitting.module.css';
import { FocusHeading } from './FocusHeading.js';

/**
 * The waiting room (decision 041): many learners arrived at once, so they go in one by one in the order they
 * came. The page polls the learner's place (a cheap read) and, once they are admitted, asks for the real step
 * again (`onAdmitted`), which shows the page they were going to. Their time has not started.
 */
export function WaitingRoom({
  state,
  olympiadName,
  onAdmitted,
}: {
  state: SittingState;
  olympiadName: string;
  onAdmitted: () => void;
}) {
  const place = useWaitingPlace(olympiadName);
  const admitted = place.data?.admitted === true;
  useEffect(() => {
    if (admitted) onAdmitted();
  }, [admitted, onAdmitted]);
  const position = place.data?.position ?? state.waiting?.position ?? 0;
  const estimate = place.data ? place.data.estimateSeconds : (state.waiting?.estimateSeconds ?? null);
  return (
    <div className={classes.gateStack}>
      <div>
        <div className={classes.eyebrow}>{state.olympiad.title}</div>
        <FocusHeading>You are in the waiting room</FocusHeading>
      </div>
      <p className={classes.gateLead}>
        Many learners are starting at the same moment. To keep the olympiad quick for everyone, learners go in one by
        one, in the order they arrived.
      </p>
      <QueuePlace
        placeLabel="Your place in the queue"
        admitted={admitted}
        position={position}
        estimateSeconds={estimate}
      />
      {!admitted && estimate == null ? (
        <p className={classes.dimmed}>
          The organisers have paused letting learners in for a moment. Your place is kept.
        </p>
      ) : null}
      <div className={classes.card}>
        <p className={classes.gateText}>
          <strong>Your time has not started.</strong> Keep this page open: it lets you in by itself when it is your
          turn. If you close it, signing in again keeps your place.
        </p>
      </div>
      {place.isError ? (
        <p className={classes.dimmed}>We could not reach the server just now; this page keeps trying.</p>
      ) : null}
    </div>
  );
}
