/**
 * The setup of every component test (vitest.config.ts, project `components`; decision 074): zod worded for
 * people as the app sets it, a clean page and clock after each test, and a test that fails on an unexpected
 * console.error (React's warnings about state set outside act(), a missing key, an invalid prop) or on a request
 * no test answered.
 */
import '../lib/zod-config.js';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { prepareLocale } from '../lib/i18n/index.js';
import { takeUnansweredRequests } from './api.js';
import { loadRichAnswers } from '../components/answers/interactions/lazy.js';

// The pages' words, in English unless a test switches (decision 090): every catalogue, as the app loads them.
await prepareLocale('en', ['common', 'learner', 'sitting', 'public', 'portal', 'validation']);
// The richer answers' code, which the question page loads after its first view: here before any test draws one.
await loadRichAnswers();

// `findBy…` and `waitFor` wait up to 5 s, not 1 s: the machine is shared, and a slow run must not fail a test
// that only waits for an answer to be drawn.
configure({ asyncUtilTimeout: 5_000 });

// What happy-dom does not have and a browser always does: the document's font set (Mantine's autosizing textarea
// listens to it for fonts that finish loading). No font ever loads here.
if (!('fonts' in document)) {
  const fonts = Object.assign(new EventTarget(), { ready: Promise.resolve(), status: 'loaded' });
  Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
}

let errorSpy: ReturnType<typeof vi.spyOn> | null = null;

beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});

afterEach(async () => {
  cleanup();
  const calls = errorSpy?.mock.calls ?? [];
  errorSpy?.mockRestore();
  const unanswered = takeUnansweredRequests();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  await prepareLocale('en');
  sessionStorage.clear();
  expect(unanswered, 'requests no test answered').toEqual([]);
  expect(calls, 'unexpected console.error').toEqual([]);
});
