import { useEffect } from 'react';
import type { SittingState } from '#contract/index';
import { QueuePlace } from '../../../components/QueuePlace.js';
import { useWaitingPlace } from '../api/get-waiting-place.js';
import { T, useT } from '../../../lib/i18n/index.js';
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
  const t = useT();
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
        <FocusHeading>{t('sitting.waiting.heading')}</FocusHeading>
      </div>
      <p className={classes.gateLead}>{t('sitting.waiting.lead')}</p>
      <QueuePlace
        placeLabel={t('sitting.waiting.place')}
        admitted={admitted}
        position={position}
        estimateSeconds={estimate}
      />
      {!admitted && estimate == null ? <p className={classes.dimmed}>{t('sitting.waiting.paused')}</p> : null}
      <div className={classes.card}>
        <p className={classes.gateText}>
          <T id="learner.waiting.notStarted" components={{ 0: <strong /> }} />
        </p>
      </div>
      {place.isError ? <p className={classes.dimmed}>{t('sitting.waiting.unreachable')}</p> : null}
    </div>
  );
}
