import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInLearnerPage } from '../../../test/render-learner.js';
import { SaveStatus } from './SaveStatus.js';

/**
 * The outbox's save state beside the questions: the one place a learner learns that an answer is not on the server
 * yet. It is a polite live region, so a screen reader hears each change.
 */

const status = () => screen.getByRole('status');

describe('SaveStatus', () => {
  it('says each state in words, in a live region', () => {
    const { rerender } = renderInLearnerPage(<SaveStatus status="idle" pending={0} />);
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(status().textContent).toBe('Answers save automatically');
    rerender(<SaveStatus status="saving" pending={1} />);
    expect(status().textContent).toBe('Saving…');
    rerender(<SaveStatus status="saved" pending={0} />);
    expect(status().textContent).toBe('All answers saved');
    rerender(<SaveStatus status="retrying" pending={2} />);
    expect(status().textContent).toBe('Not saved yet, trying again…');
    expect(status().dataset.status).toBe('retrying');
  });

  it('offline: how many answers are kept on this device, one or more', () => {
    const { rerender } = renderInLearnerPage(<SaveStatus status="offline" pending={1} />);
    expect(status().textContent).toBe('Offline: 1 answer kept on this device');
    rerender(<SaveStatus status="offline" pending={3} />);
    expect(status().textContent).toBe('Offline: 3 answers kept on this device');
    rerender(<SaveStatus status="offline" pending={0} />);
    expect(status().textContent).toBe('Offline: answers kept on this device');
  });

  it('offline, says plainly what is on this device and what has reached the server', () => {
    const { rerender } = renderInLearnerPage(<SaveStatus status="offline" pending={3} reached={12} />);
    expect(status().textContent).toBe(
      'Offline: 3 answers kept on this device, to be sent when the connection returns; 12 have reached the server.',
    );
    // The paper itself opened from the device (a reload without the network).
    rerender(<SaveStatus status="offline" pending={3} reached={12} onDevice />);
    expect(status().textContent).toBe(
      'You are offline. Your paper and answers are on this device; keep writing. 3 answers are kept on this device and will be sent when the connection returns; 12 have reached the server.',
    );
    rerender(<SaveStatus status="saved" pending={0} reached={1} onDevice />);
    expect(status().textContent).toBe(
      'You are offline. Your paper and answers are on this device; keep writing. No answer is waiting to be sent; 1 has reached the server.',
    );
    expect(status().dataset.status).toBe('offline');
  });

  it('an answer that cannot be saved names its questions, in order', () => {
    const { rerender } = renderInLearnerPage(<SaveStatus status="unsaved" pending={0} unsaved={[4]} />);
    expect(status().textContent).toBe('Question 4 not saved: type only a number');
    rerender(<SaveStatus status="unsaved" pending={0} unsaved={[8, 3]} />);
    expect(status().textContent).toBe('Questions 3 and 8 not saved: type only a number');
    rerender(<SaveStatus status="unsaved" pending={0} unsaved={[12, 3, 5]} />);
    expect(status().textContent).toBe('Questions 3, 5 and 12 not saved: type only a number');
    rerender(<SaveStatus status="unsaved" pending={0} />);
    expect(status().textContent).toBe('An answer is not saved: fix it');
  });
});
