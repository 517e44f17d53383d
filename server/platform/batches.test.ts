import { describe, expect, it } from 'vitest';
import { batcher } from './batches.js';

/** The batcher's mechanics on a fake statement (the real ones are tested in answer-batches.test.ts). */
function recording(fail: (inputs: string[]) => boolean = () => false) {
  const statements: string[][] = [];
  let open = 0;
  let mostOpen = 0;
  const run = async (inputs: string[]) => {
    statements.push(inputs);
    open++;
    mostOpen = Math.max(mostOpen, open);
    await new Promise((r) => setTimeout(r, 5));
    open--;
    if (fail(inputs)) throw new Error('the statement failed');
    return inputs.map((i) => `saved ${i}`);
  };
  const b = batcher<string, string>({
    lanes: 2,
    most: 3,
    keyOf: (i) => i.split(':')[0]!,
    one: async (i) => (await run([i]))[0]!,
    many: run,
  });
  return { b, statements, mostOpen: () => mostOpen };
}

describe('the batcher (decision 104)', () => {
  it('sends a write alone at once, and writes handed over together in one statement, at most `most` each', async () => {
    const { b, statements } = recording();
    expect(await b.write('a:1')).toBe('saved a:1');
    expect(statements).toEqual([['a:1']]);
    const answers = await Promise.all(['a:2', 'b:1', 'c:1', 'd:1', 'e:1'].map((i) => b.write(i)));
    expect(answers).toEqual(['saved a:2', 'saved b:1', 'saved c:1', 'saved d:1', 'saved e:1']);
    expect(statements.slice(1)).toEqual([
      ['a:2', 'b:1', 'c:1'],
      ['d:1', 'e:1'],
    ]);
    expect(b.figures()).toEqual({ statements: 3, writes: 6, batched: 5, retriedAlone: 0 });
  });

  it('holds one write per key a statement, in order, and runs at most `lanes` statements at once', async () => {
    const { b, statements, mostOpen } = recording();
    await Promise.all(['a:1', 'a:2', 'a:3', 'b:1', 'c:1', 'd:1', 'e:1', 'f:1', 'g:1'].map((i) => b.write(i)));
    const a = statements.flat().filter((i) => i.startsWith('a:'));
    expect(a).toEqual(['a:1', 'a:2', 'a:3']);
    for (const s of statements) expect(new Set(s.map((i) => i[0])).size).toBe(s.length);
    expect(mostOpen()).toBe(2);
  });

  it('tries each write of a failed batch alone, so that one write’s trouble is only its own', async () => {
    const { b, statements } = recording((inputs) => inputs.includes('bad:1'));
    const answers = await Promise.allSettled(['a:1', 'bad:1', 'c:1'].map((i) => b.write(i)));
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(statements).toEqual([['a:1', 'bad:1', 'c:1'], ['a:1'], ['bad:1'], ['c:1']]);
    expect(b.figures()).toEqual({ statements: 4, writes: 3, batched: 3, retriedAlone: 3 });
  });
});
