import { waitInWords } from '../lib/waiting.js';
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
  return (
    <FactTiles
      facts={[
        {
          label: placeLabel,
          value: (
            <span role="status" aria-live="polite">
              {admitted ? 'It is your turn' : `Number ${position}`}
            </span>
          ),
        },
        { label: 'Expected wait', value: admitted ? 'None' : waitInWords(estimateSeconds) },
      ]}
    />
  );
}
