import { describe, expect, it } from 'vitest';
import { publicAddress } from './public-address.js';

describe('publicAddress', () => {
  it('calls an address local when only this machine reaches it', () => {
    for (const url of [
      'http://localhost:3000',
      'http://LOCALHOST:3000/',
      'http://olympus.localhost',
      'http://127.0.0.1:3000',
      'http://127.4.5.6',
      'http://[::1]:3000',
      'http://0.0.0.0:3000',
    ])
      expect(publicAddress(url).local, url).toBe(true);
  });

  it('calls any other name or address public, and prints the origin without a trailing slash', () => {
    for (const url of [
      'https://olympiad.example.org',
      'http://olympus.test',
      'http://10.0.0.5',
      'http://localhost.example.org',
    ])
      expect(publicAddress(url).local, url).toBe(false);
    expect(publicAddress('https://olympiad.example.org/')).toEqual({
      url: 'https://olympiad.example.org',
      local: false,
    });
  });
});
