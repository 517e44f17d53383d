/**
 * What the page reads of the outbox (sync.ts): the answers, what is still unsent, the deadline and clock, and whether
 * the sitting goes on here or on the server; and when an answer counts as given.
 */
import type { AnswerValue, Paper } from '#contract/index';
import type { KeptFinish } from './paper-store.js';

export interface AnswerState {
  value: AnswerValue;
  flagged: boolean;
}

/** `unsaved`: an answer is typed in a form that cannot be saved (letters in a number); the learner must fix it. */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'offline' | 'retrying' | 'unsaved';

export interface SittingSnapshot {
  ready: boolean;
  answers: ReadonlyMap<number, AnswerState>;
  pendingCount: number;
  /**
   * What the learner typed, by question, that cannot be saved as it is (letters in a number answer): the saved
   * answer stays the one before, and the bar and the summary say so, the same as the field does.
   */
  unsaved: ReadonlyMap<number, string>;
  status: SaveStatus;
  /** Milliseconds since the epoch, on the server's clock. */
  deadlineAt: number | null;
  /** server clock − device clock, in ms. */
  clockOffset: number;
  /** Set when the attempt is over and nothing of it is left on the device to send. */
  closed: boolean;
  /** The questions with an answer still on the device only. */
  pendingIds: ReadonlySet<number>;
  /** The paper came from the device (the server could not be reached when the page opened). */
  onDevice: boolean;
  /** A hand-in (or the time running out) that waits on the device for the outbox to reach the server. */
  finishing: KeptFinish | null;
  /**
   * Questions whose answer the server kept from another device (given later there), with when it was given:
   * the page shows that answer instead of this device's.
   */
  keptElsewhere: ReadonlyMap<number, string>;
}

/** What the page opened: the paper, with the deadline and clock offset it goes by (the server's, or the device's). */
export interface OpenedPaper {
  paper: Paper;
  deadlineAt: number;
  clockOffset: number;
  onDevice: boolean;
}

export function isAnswered(value: AnswerValue | undefined): boolean {
  if (!value) return false;
  switch (value.type) {
    case 'single':
      return value.optionId !== null;
    case 'multiple':
      return value.optionIds.length > 0;
    case 'true_false':
      return value.value !== null;
    case 'numeric':
      return value.value !== null;
    case 'short_text':
      return value.text.trim().length > 0;
    case 'hotspot':
      return value.optionIds.length > 0;
    case 'select_point':
      return value.point !== null;
    case 'graphic_gap_match':
    case 'gap_match':
    case 'match':
      return value.pairs.length > 0;
    // Empty until the learner moves an item or keeps the order shown: the shown order is the paper's, not theirs.
    case 'order':
      return value.optionIds.length > 0;
    case 'inline_choice':
      return value.optionId !== null;
  }
}
