import { describe, expect, it } from 'vitest';
import { distance, olympiadSuggestions } from './olympiad-suggestions.js';

const list = [
  { varName: 'geo-demo', title: 'Geography Olympiad 2026 (demo)', open: true },
  { varName: 'geo-quick', title: 'Geography quick test', open: true },
  { varName: 'history-2027', title: 'History Olympiad 2027', open: false },
  { varName: 'afrikaans-2027', title: 'Afrikaans Olimpiade 2027', open: true },
];

describe('olympiadSuggestions', () => {
  it('counts a swap of two letters as one edit', () => {
    expect(distance('geoquik', 'geoquick')).toBe(1);
    expect(distance('geodmeo', 'geodemo')).toBe(1);
  });

  it('suggests the open olympiads a typo could mean, closest first', () => {
    expect(olympiadSuggestions('geo-quik', list).map((o) => o.varName)).toEqual(['geo-quick']);
    expect(olympiadSuggestions('GEO DEMO', list).map((o) => o.varName)).toEqual(['geo-demo']);
    expect(olympiadSuggestions('afrikaans', list).map((o) => o.varName)).toEqual(['afrikaans-2027']);
  });

  it('never suggests a closed olympiad, nor anything for an exact name or a far-off word', () => {
    expect(olympiadSuggestions('history-2027', list)).toEqual([]);
    expect(olympiadSuggestions('histry-2027', list)).toEqual([]);
    expect(olympiadSuggestions('geo-demo', list)).toEqual([]);
    expect(olympiadSuggestions('mathematics', list)).toEqual([]);
  });
});
