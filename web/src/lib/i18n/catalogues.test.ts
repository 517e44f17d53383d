import { readdirSync, readFileSync } from 'node:fs';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';

/**
 * The message catalogues (decision 090): every area has the same ids in English and Afrikaans, every message is
 * valid ICU, and a translation uses the same placeholders and tags as the English, so no value goes missing and no
 * page shows an id instead of words.
 */
const root = new URL('../../../../locales/', import.meta.url);
const languages = ['en', 'af'] as const;
const areas = readdirSync(new URL('en/', root)).filter((file) => file.endsWith('.json'));

function catalogue(language: string, area: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`${language}/${area}`, root), 'utf8')) as Record<string, string>;
}

/** The names of a message's arguments and the numbers of its tags (`<0>…</0>`), sorted. */
function shape(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(`{${token.arg}}`);
      if (token.type === 'plural' || token.type === 'select') {
        names.add(`{${token.arg}}`);
        for (const c of token.cases) walk(c.tokens);
      }
      if (token.type === 'content') for (const tag of token.value.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${tag[1]}>`);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

describe('the message catalogues', () => {
  it('has both languages of every area', () => {
    expect(areas.length).toBeGreaterThan(0);
    expect(
      readdirSync(new URL('af/', root))
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual([...areas].sort());
  });

  for (const area of areas) {
    describe(area, () => {
      const en = catalogue('en', area);
      const af = catalogue('af', area);

      it('has every id in both languages', () => {
        expect(
          Object.keys(af).filter((id) => !(id in en)),
          'in Afrikaans only',
        ).toEqual([]);
        expect(
          Object.keys(en).filter((id) => !(id in af)),
          'missing from Afrikaans',
        ).toEqual([]);
      });

      it('names each id after its area', () => {
        const prefix = area.replace(/\.json$/, '.');
        expect(Object.keys(en).filter((id) => !id.startsWith(prefix))).toEqual([]);
      });

      it('writes every message in both languages as valid ICU with the same placeholders', () => {
        for (const language of languages) {
          for (const [id, message] of Object.entries(catalogue(language, area))) {
            expect(message.trim(), `${language} ${id} is empty`).not.toBe('');
            expect(() => parse(message), `${language} ${id}`).not.toThrow();
          }
        }
        for (const [id, message] of Object.entries(en)) {
          if (af[id] === undefined) continue;
          expect(shape(af[id]), id).toEqual(shape(message));
        }
      });
    });
  }
});
