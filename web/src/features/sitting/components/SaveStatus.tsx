import type { SaveStatus as Status } from '../outbox/sync.js';
import classes from './paper.module.css';

const text: Record<Status, string> = {
  idle: 'Answers save automatically',
  saving: 'Saving…',
  saved: 'All answers saved',
  offline: 'Offline: answers kept on this device',
  retrying: 'Not saved yet, trying again…',
};

/** Saving / saved / offline, visible and told to screen readers (politely). */
export function SaveStatus({ status, pending }: { status: Status; pending: number }) {
  const label =
    status === 'offline' && pending > 0
      ? `Offline: ${pending} answer${pending === 1 ? '' : 's'} kept on this device`
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
