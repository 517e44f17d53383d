import { describe, expect, it } from 'vitest';
import { failureText } from './client.js';
import { queryKeys } from './keys.js';
import { successText } from './meta.js';

describe('queryKeys', () => {
  it('prefixes every key with the feature and the part, so `all` covers the feature and `prefix` the part', () => {
    const keys = queryKeys('faq', { list: (page: number, q: string) => [{ page, q }], targets: () => [] });
    expect(keys.all).toEqual(['faq']);
    expect(keys.list(2, 'x')).toEqual(['faq', 'list', { page: 2, q: 'x' }]);
    expect(keys.targets()).toEqual(['faq', 'targets']);
    expect(keys.list.prefix).toEqual(['faq', 'list']);
  });
});

describe('a write’s failure text (docs/spec.md §8)', () => {
  it('is error, else errorMsg, else reason, else the message, else "An error occurred"', () => {
    expect(failureText({ error: 'E', errorMsg: 'M', reason: 'R', message: 'S' })).toBe('E');
    expect(failureText({ errorMsg: 'M', reason: 'R' })).toBe('M');
    expect(failureText({ error: '', reason: 'R' })).toBe('R');
    expect(failureText({ message: 'S' })).toBe('S');
    expect(failureText({ success: false })).toBe('An error occurred');
    expect(failureText(null)).toBe('An error occurred');
  });
});

describe('a write’s success text', () => {
  it('is the answer’s message, else the declared text, and nothing without one', () => {
    expect(successText({ success: 'Saved' }, { message: 'The FAQ is saved' })).toBe('The FAQ is saved');
    expect(successText({ success: 'Saved' }, { ok: true })).toBe('Saved');
    expect(successText({}, { message: 'ignored' })).toBeNull();
    expect(successText(undefined, null)).toBeNull();
  });
});
