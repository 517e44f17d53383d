import { describe, expect, it } from 'vitest';
import { safeNext } from './next.js';

const origin = 'https://olympus.example.org';

describe('safeNext: where signing in may take a person', () => {
  it('follows a path of this site, with its query and hash', () => {
    expect(safeNext('/geo-demo/admin/edit/schools?page=2#top', origin)).toBe('/geo-demo/admin/edit/schools?page=2#top');
    expect(safeNext('/portal', origin)).toBe('/portal');
  });

  it('refuses other origins, protocol-relative and script links, control characters and /login', () => {
    for (const raw of [
      null,
      '',
      'https://evil.example.com/portal',
      '//evil.example.com/portal',
      '/\\evil.example.com',
      'javascript:alert(1)',
      'portal',
      '/portal\n/x',
      '/login',
      '/login?next=/portal',
    ]) {
      expect(safeNext(raw, origin), String(raw)).toBeNull();
    }
  });
});
