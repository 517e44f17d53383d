import type { SaveStatus as Status } from '../outbox/sync.js';
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
 * screen readers (politely).
 */
export function SaveStatus({ status, pending, unsaved = [] }: { status: Status; pending: number; unsaved?: number[] }) {
  const label =
    status === 'offline' && pending > 0
      ? `Offline: ${pending} answer${pending === 1 ? '' : 's'} kept on this device`
      : status === 'unsaved' && unsaved.length > 0
        ? `${unsaved.length === 1 ? 'Question' : 'Questions'} ${listed(unsaved)} not saved: type only a number`
        : text[status];
  return (
    <div
      className={`${classes.save} ${classes[`save_${status}`] ?? ''}`}
      role="status"
      aria-live="polite"
      data-status={status}
    >
      <span className={classes.saveDot} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** 3 → "3"; 3, 5 → "3 and 5"; 3, 5, 8 → "3, 5 and 8". */
function listed(numbers: number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b).map(String);
  return sorted.length > 1 ? `${sorted.slice(0, -1).join(', ')} and ${sorted.at(-1)}` : (sorted[0] ?? '');
}
