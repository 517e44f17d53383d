import { afterEach, beforeEach, expect, vi } from 'vitest';
import { serverErrors } from './server-errors.js';

/**
 * Every test fails on an unexpected console.error or a 5xx answer from a test server, so that a hidden
 * failure cannot pass.
 * A test that expects console.error output calls `expectConsoleError()` first.
 */
let consoleErrorAllowed = false;
let errorSpy: ReturnType<typeof vi.spyOn> | null = null;

export function expectConsoleError(): void {
  consoleErrorAllowed = true;
}

beforeEach(() => {
  consoleErrorAllowed = false;
  serverErrors.length = 0;
  errorSpy = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = errorSpy?.mock.calls ?? [];
  errorSpy?.mockRestore();
  const fiveHundreds = serverErrors.splice(0);
  expect(fiveHundreds, 'the server answered 5xx').toEqual([]);
  if (!consoleErrorAllowed) expect(calls, 'unexpected console.error').toEqual([]);
});
