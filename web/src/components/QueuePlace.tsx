import { useT } from '../lib/i18n/index.js';
import { FactTiles } from './FactTiles.js';

interface QueuePlaceProps {
  /** What the place is called on this page ("Your place", "Your place in the queue"). */
  placeLabel: string;
  admitted: boolean;
  position: number;
  /** The honest estimate in seconds, or null while admission is paused. */
  estimateSeconds: number | null;
}

/**
 * The two facts a queued learner looks for, the same at sign-in (decision 053) and in the waiting room (decision
 * 041): their place, announced politely to a screen reader as it moves, and the expected wait.
 */
export function QueuePlace({ placeLabel, admitted, position, estimateSeconds }: QueuePlaceProps) {
  const t = useT();
  // About how long, in a few words read at a glance (lib/waiting.ts `waitInWords` says the same in English).
  const wait =
    estimateSeconds == null
      ? t('sitting.queue.paused')
      : estimateSeconds < 60
        ? t('sitting.queue.underAMinute')
        : t('sitting.queue.aboutMinutes', { minutes: Math.round(estimateSeconds / 60) });
  return (
    <FactTiles
      facts={[
        {
          label: placeLabel,
          value: (
            <span role="status" aria-live="polite">
              {admitted ? t('sitting.queue.yourTurn') : t('sitting.queue.number', { position })}
            </span>
          ),
        },
        { label: t('sitting.queue.expectedWait'), value: admitted ? t('sitting.queue.none') : wait },
      ]}
    />
  );
}
