import type { SaveStatus as Status } from '../outbox/snapshot.js';
import classes from './paper.module.css';

const text: Record<Status, string> = {
  idle: 'Answers save automatically',
  saving: 'Saving…',
  saved: 'All answers saved',
  offline: 'Offline: answers kept on this device',
  retrying: 'Not saved yet, trying again…',
  unsaved: 'An answer is not saved: fix it',
};

/**
 * Saving / saved / offline / an answer that cannot be saved (with its question numbers), visible and told to
 * screen readers (politely). Offline it says plainly what is on this device and what has reached the server.
 */
export function SaveStatus({
  status,
  pending,
  unsaved = [],
  onDevice = false,
  reached,
}: {
  status: Status;
  pending: number;
  unsaved?: number[];
  /** The paper opened from the device: the server could not be reached. */
  onDevice?: boolean;
  /** How many answers have reached the server (shown with the kept ones while offline). */
  reached?: number;
}) {
  const offline = status === 'offline' || (onDevice && status !== 'unsaved');
  const label =
    offline && onDevice
      ? 'You are offline. Your paper and answers are on this device; keep writing.'
      : status === 'offline' && pending > 0
        ? `Offline: ${pending} answer${pending === 1 ? '' : 's'} kept on this device`
        : status === 'unsaved' && unsaved.length > 0
          ? `${unsaved.length === 1 ? 'Question' : 'Questions'} ${listed(unsaved)} not saved: type only a number`
          : text[status];
  const detail =
    offline && reached !== undefined && (pending > 0 || onDevice) ? counts(pending, reached, onDevice) : null;
  const shown = offline ? 'offline' : status;
  return (
    <div
      className={`${classes.save} ${classes[`save_${shown}`] ?? ''}`}
      role="status"
      aria-live="polite"
      data-status={shown}
    >
      <span className={classes.saveDot} aria-hidden="true" />
      <span>
        {label}
        {detail ? <span className={classes.saveDetail}>{detail}</span> : null}
      </span>
    </div>
  );
}

/**
 * After the label: with the paper from the device, " 3 answers are kept on this device and will be sent when the
 * connection returns; 12 have reached the server."; with the paper from the server the label has said how many are
 * kept, and this goes on ", to be sent when the connection returns; 12 have reached the server."
 */
function counts(pending: number, reached: number, onDevice: boolean): string {
  const kept = !onDevice
    ? ', to be sent when the connection returns'
    : pending === 0
      ? ' No answer is waiting to be sent'
      : ` ${pending === 1 ? '1 answer is' : `${pending} answers are`} kept on this device and will be sent when the connection returns`;
  return `${kept}; ${reached === 1 ? '1 has' : `${reached} have`} reached the server.`;
}

/** 3 → "3"; 3, 5 → "3 and 5"; 3, 5, 8 → "3, 5 and 8". */
function listed(numbers: number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b).map(String);
  return sorted.length > 1 ? `${sorted.slice(0, -1).join(', ')} and ${sorted.at(-1)}` : (sorted[0] ?? '');
}
