import type { SaveStatus as Status } from '../outbox/snapshot.js';
import { activeLocale, intlDateLocale, useT, type MessageId } from '../../../lib/i18n/index.js';
import classes from './paper.module.css';

type Translate = (id: MessageId, values?: Record<string, unknown>) => string;

const text: Record<Status, MessageId> = {
  idle: 'learner.save.idle',
  saving: 'learner.save.saving',
  saved: 'learner.save.saved',
  offline: 'learner.save.offline',
  retrying: 'learner.save.retrying',
  unsaved: 'learner.save.unsaved',
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
  const t = useT();
  const offline = status === 'offline' || (onDevice && status !== 'unsaved');
  const label =
    offline && onDevice
      ? t('learner.save.offlineOnDevice')
      : status === 'offline' && pending > 0
        ? t('learner.save.offlineKept', { count: pending })
        : status === 'unsaved' && unsaved.length > 0
          ? t('learner.save.notSavedNumbers', { count: unsaved.length, numbers: listed(unsaved) })
          : t(text[status]);
  const detail =
    offline && reached !== undefined && (pending > 0 || onDevice) ? counts(t, pending, reached, onDevice) : null;
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
function counts(t: Translate, pending: number, reached: number, onDevice: boolean): string {
  const kept = !onDevice
    ? t('learner.save.toBeSent')
    : pending === 0
      ? ` ${t('learner.save.nothingWaiting')}`
      : ` ${t('learner.save.keptOnDevice', { count: pending })}`;
  return `${kept}; ${t('learner.save.reached', { count: reached })}`;
}

/** 3 → "3"; 3, 5 → "3 and 5"; 3, 5, 8 → "3, 5 and 8" (Afrikaans: "3, 5 en 8"). */
function listed(numbers: number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b).map(String);
  return new Intl.ListFormat(intlDateLocale[activeLocale()], { type: 'conjunction' }).format(sorted);
}
