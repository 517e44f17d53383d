import { describe, expect, it } from 'vitest';
import { QuestionInput } from './authoring.js';
import { bestScoreOf, creditOf, hasPartialCredit, maxScoreOf } from './scoring.js';

/** The editor's and the server's rules for partial credit (decision 082). */
const options = ['a', 'b', 'c'].map((id) => ({ id, text: `Option ${id}`, imageUrl: null }));
const mapping = (entries: Array<[string, number]>, more: Record<string, unknown> = {}) => ({
  entries: entries.map(([response, points]) => ({ response, points })),
  ...more,
});
const multiple = (marks: number, m: ReturnType<typeof mapping>) => ({
  questionModuleId: 1,
  type: 'multiple',
  prompt: '<p>Which are provinces?</p>',
  options,
  marks,
  answerKey: { type: 'multiple', correct: ['a', 'b'], mapping: m },
});
const messages = (input: unknown) => {
  const r = QuestionInput.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('partial credit in the answer key', () => {
  it('takes points per option whose best answer reaches the marks, with defaults for the rest', () => {
    const r = QuestionInput.parse(
      multiple(
        2,
        mapping([
          ['a', 1],
          ['b', 1],
          ['c', -1],
        ]),
      ),
    );
    expect(r.answerKey).toEqual({
      type: 'multiple',
      correct: ['a', 'b'],
      mapping: { entries: expect.any(Array), defaultValue: 0, lowerBound: 0, upperBound: null },
    });
    expect(bestScoreOf(r.answerKey, options)).toBe(2);
    expect(maxScoreOf(r)).toBe(2);
    expect(hasPartialCredit(r.answerKey)).toBe(true);
  });

  it('refuses points for an option the question lacks, a response twice, bounds out of order', () => {
    expect(
      messages(
        multiple(
          2,
          mapping([
            ['a', 1],
            ['b', 1],
            ['z', 1],
          ]),
        ),
      ),
    ).toContain('answerKey.mapping.entries: Give points only to this question’s options');
    expect(
      messages(
        multiple(
          2,
          mapping([
            ['a', 1],
            ['a', 1],
            ['b', 1],
          ]),
        ),
      ),
    ).toContain('answerKey.mapping.entries: Give each answer points once');
    expect(
      messages(
        multiple(
          2,
          mapping(
            [
              ['a', 1],
              ['b', 1],
            ],
            { lowerBound: 1, upperBound: 0.5 },
          ),
        ),
      ),
    ).toContain('answerKey.mapping.upperBound: Make the highest score at least the lowest');
  });

  it('refuses a best answer that is not the marks, or nothing at all', () => {
    expect(
      messages(
        multiple(
          3,
          mapping([
            ['a', 1],
            ['b', 1],
          ]),
        ),
      ),
    ).toEqual(['marks: The best answer scores 2 by its points; give the question 2 marks or change the points']);
    expect(
      messages(
        multiple(
          2,
          mapping(
            [
              ['a', 1],
              ['b', 1],
            ],
            { upperBound: 1.5 },
          ),
        ),
      ),
    ).toEqual(['marks: The best answer scores 1.5 by its points; change the points so that it scores 2 marks']);
    expect(messages(multiple(0, mapping([['a', -1]])))).toContain(
      'answerKey.mapping: The best answer must score more than 0',
    );
  });

  it('short text: points for every accepted answer and only for them', () => {
    const text = (entries: Array<[string, number]>) => ({
      questionModuleId: 1,
      type: 'short_text',
      prompt: '<p>Which city?</p>',
      marks: 2,
      answerKey: { type: 'short_text', accepted: ['New York', 'York'], mapping: mapping(entries) },
    });
    expect(
      messages(
        text([
          ['new york', 2],
          ['YORK', 1],
        ]),
      ),
    ).toEqual([]);
    expect(messages(text([['New York', 2]]))).toContain(
      'answerKey.mapping.entries: Give points to every accepted answer',
    );
    expect(
      messages(
        text([
          ['New York', 2],
          ['York', 1],
          ['Boston', 1],
        ]),
      ),
    ).toContain('answerKey.mapping.entries: Give points only to accepted answers');
  });

  it('numbers: the wider tolerance is wider, and worth more than 0 and less than the marks', () => {
    const numeric = (partial: unknown) => ({
      questionModuleId: 1,
      type: 'numeric',
      prompt: '<p>How far?</p>',
      marks: 3,
      answerKey: { type: 'numeric', value: 100, tolerance: 5, partial },
    });
    expect(messages(numeric({ tolerance: 20, points: 1 }))).toEqual([]);
    expect(messages(numeric({ tolerance: 5, points: 1 }))).toEqual([
      'answerKey.partial.tolerance: Make the wider tolerance wider than the tolerance',
    ]);
    expect(messages(numeric({ tolerance: 20, points: 3 }))).toEqual([
      'answerKey.partial.points: Give the wider tolerance more than 0 and fewer than 3 marks',
    ]);
  });

  it('a key without a mapping is unchanged and all or nothing', () => {
    const r = QuestionInput.parse({ ...multiple(2, mapping([])), answerKey: { type: 'multiple', correct: ['a'] } });
    expect(r.answerKey).toEqual({ type: 'multiple', correct: ['a'] });
    expect(bestScoreOf(r.answerKey, options)).toBeNull();
    expect(hasPartialCredit(r.answerKey)).toBe(false);
  });

  it('reads marks awarded as full, partial or none', () => {
    expect(creditOf(2, 2)).toBe('full');
    expect(creditOf(1.5, 2)).toBe('partial');
    expect(creditOf(0, 2)).toBe('none');
    expect(creditOf(null, 2)).toBe('none');
  });
});

describe('partial credit in words', () => {
  it('names the options or answers with their points, the default and the bounds', async () => {
    const { creditInWords } = await import('./scoring.js');
    const key = QuestionInput.parse(
      multiple(
        2,
        mapping(
          [
            ['a', 1],
            ['b', 1],
            ['c', -1],
          ],
          { upperBound: 2 },
        ),
      ),
    ).answerKey;
    expect(creditInWords(key, options)).toBe(
      'Points: Option a 1, Option b 1, Option c −1; any other option 0; at most 2',
    );
    expect(
      creditInWords(
        {
          type: 'short_text',
          accepted: ['York'],
          mapping: { entries: [{ response: 'York', points: 0.5 }], defaultValue: 0, lowerBound: 0, upperBound: null },
        },
        [],
      ),
    ).toBe('Points: “York” 0,5; any other answer 0');
    expect(creditInWords({ type: 'numeric', value: 1, tolerance: 0, partial: { tolerance: 2, points: 1 } }, [])).toBe(
      'Within ± 2: 1 mark',
    );
    expect(creditInWords({ type: 'single', correct: 'a' }, options)).toBeNull();
  });
});
