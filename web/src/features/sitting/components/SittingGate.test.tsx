import { screen } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { generalCopyDefaults, generalCopyKeys } from '#contract/copy';
import { SittingState } from '#contract/index';
import { renderInLearnerPage } from '../../../test/render-learner.js';
import { isOnDevice, keepState } from '../outbox/paper-store.js';
import { SittingGate } from './SittingGate.js';

/**
 * The step gate without the network: a learner writing (step `questions`) whose page is reloaded offline opens the
 * paper from the state kept on the device; with nothing kept, the gate says it could not load the olympiad. The
 * device's database is fake-indexeddb; the network is a fetch that fails as the browser's does offline.
 */

const OLYMPIAD = 'geo-demo';
const LEARNER = 7;

const state = SittingState.parse({
  success: true,
  step: 'questions',
  window: { open: true, startsAt: null, endsAt: null, message: null },
  olympiad: {
    id: 3,
    varName: OLYMPIAD,
    title: 'Geography Olympiad',
    kind: 'school',
    durationMinutes: 60,
    instructions: '',
    declaration: '',
    moduleCount: 1,
    questionCount: 2,
    minGrade: 8,
    maxGrade: 12,
    languages: ['en'],
    defaultLanguage: 'en',
    translations: {},
  },
  copy: Object.fromEntries(generalCopyKeys.map((key) => [key, generalCopyDefaults[key].default])),
  learner: { firstName: 'Lerato', lastName: 'Khumalo', grade: 10, schoolName: null, timeZone: 'Africa/Johannesburg' },
  attempt: {
    declarationAcceptedAt: '2026-05-14T09:00:00.000Z',
    pinIssued: true,
    pinPending: false,
    detailsConfirmedAt: '2026-05-14T09:01:00.000Z',
    startedAt: '2026-05-14T09:02:00.000Z',
    deadlineAt: '2026-05-14T10:02:00.000Z',
    finishedAt: null,
    finishReason: null,
    position: { moduleIndex: 0, questionIndex: 1 },
    score: null,
    maxScore: null,
    feedbackGiven: false,
    language: null,
  },
  waiting: null,
  serverNow: '2026-05-14T09:30:00.000Z',
});

function signIn(id = LEARNER) {
  localStorage.setItem(
    'user',
    JSON.stringify({
      success: true,
      id,
      username: 'learner1',
      name: 'Lerato Khumalo',
      email: null,
      role: 'learner',
      olympiadId: 3,
      olympiadName: OLYMPIAD,
      schoolId: 2,
      grants: [],
      home: `/${OLYMPIAD}/olympiad/instructions`,
      impersonator: null,
      accessToken: { token: 'abc', expiresAt: '2026-05-14T18:00:00.000Z' },
    }),
  );
}

function showPaperPage() {
  renderInLearnerPage(
    <Routes>
      <Route
        path="/:olympiadName/olympiad/*"
        element={
          <SittingGate page="questions">
            {(shown) => <p>The paper, {isOnDevice(shown) ? 'from this device' : 'from the server'}</p>}
          </SittingGate>
        }
      />
    </Routes>,
    { path: `/${OLYMPIAD}/olympiad/0/1` },
  );
}

// One database for the file (the module keeps its connection), as one browser profile.
const device = new IDBFactory();
beforeEach(() => {
  vi.stubGlobal('indexedDB', device);
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});

describe('SittingGate without the network', () => {
  it('opens the paper from the state kept on the device', async () => {
    await keepState(`${OLYMPIAD}|${LEARNER}`, state);
    signIn();
    showPaperPage();
    expect(await screen.findByText('The paper, from this device')).toBeTruthy();
  });

  it('with nothing kept on the device, says it could not load the olympiad and offers to try again', async () => {
    // Another learner on this device: the paper kept is not theirs.
    signIn(8);
    showPaperPage();
    expect(await screen.findByRole('heading', { name: 'We could not load your olympiad' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
