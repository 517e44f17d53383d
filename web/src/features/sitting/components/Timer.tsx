import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n/index.js';
import classes from './paper.module.css';

/** Minutes left at which a screen reader hears the time (politely, once each). */
const ANNOUNCE_AT = [10, 5, 1];

function format(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

interface TimerProps {
  /** Server clock, ms since the epoch. */
  deadlineAt: number;
  /** server − device clock, ms. */
  clockOffset: number;
  onTimeUp: () => void;
}

/**
 * The time left, from the server-held deadline and the server's clock (the device's may be wrong). It is
 * visible all the time; a screen reader hears it at 10, 5 and 1 minute left, not every second.
 */
export function Timer({ deadlineAt, clockOffset, onTimeUp }: TimerProps) {
  const t = useT();
  const tRef = useRef(t);
  const left = () => deadlineAt - (Date.now() + clockOffset);
  const [remaining, setRemaining] = useState(left);
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef(remaining);
  const fired = useRef(false);
  const onTimeUpRef = useRef(onTimeUp);
  useEffect(() => {
    onTimeUpRef.current = onTimeUp;
    tRef.current = t;
  });

  useEffect(() => {
    const tick = () => {
      const now = deadlineAt - (Date.now() + clockOffset);
      const before = previous.current;
      previous.current = now;
      setRemaining(now);
      for (const minutes of ANNOUNCE_AT) {
        const at = minutes * 60_000;
        if (before > at && now <= at) {
          setAnnouncement(tRef.current('learner.timer.minutesLeft', { count: minutes }));
        }
      }
      if (now <= 0 && !fired.current) {
        fired.current = true;
        setAnnouncement(tRef.current('learner.timer.timeUp'));
        onTimeUpRef.current();
      }
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [deadlineAt, clockOffset]);

  const minutes = remaining / 60_000;
  const tone = minutes <= 1 ? classes.timerUrgent : minutes <= 5 ? classes.timerLow : '';
  return (
    <>
      <div
        className={`${classes.timer} ${tone}`}
        role="timer"
        aria-label={t('learner.timer.label', { time: format(remaining) })}
      >
        <span className={classes.timerLabel} aria-hidden="true">
          {t('learner.timer.timeLeft')}
        </span>
        <span className={classes.timerValue} aria-hidden="true">
          {format(remaining)}
        </span>
      </div>
      <div className={classes.visuallyHidden} aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </>
  );
}
