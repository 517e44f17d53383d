import userEvent, { type UserEvent } from '@testing-library/user-event';

/** A person at the keyboard and mouse (user-event: every key and click with the events a browser sends). */
export function person(): UserEvent {
  return userEvent.setup();
}
