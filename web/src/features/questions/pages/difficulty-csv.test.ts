import { describe, expect, it } from 'vitest';
import type { DifficultyItem } from '#contract/authoring';
import { neutraliseCell } from '#contract/csv';
import { difficultyCsv } from './difficulty-csv.js';

/**
 * The questions-by-difficulty CSV is built in the browser: a prompt a spreadsheet would run as a formula is
 * written as text, by the same rule as the server's downloads (the contract's CSV writer).
 */

const item = (prompt: string, over: Partial<DifficultyItem> = {}): DifficultyItem => ({
  questionId: 1,
  moduleId: 1,
  moduleIndex: 0,
  questionIndex: 0,
  moduleTitle: 'Maps',
  type: 'single',
  prompt,
  marks: 1,
  difficulty: null,
  answered: 10,
  shareCorrect: 0.5,
  discrimination: -0.25,
  choices: [
    { id: 'A', label: 'Yes', count: 5, correct: true },
    { id: 'B', label: 'No', count: 5, correct: false },
  ],
  flags: ['negative_discrimination'],
  ...over,
});

/** The prompt column of the one data row, read back as a spreadsheet reads the file. */
function promptCell(csv: string): string {
  const row = csv.replace(/^\uFEFF/, '').split('\r\n')[1]!;
  const quoted = /^(?:[^,]*,){3}("(?:[^"]|"")*"|[^,]*),/.exec(row)![1]!;
  return quoted.startsWith('"') ? quoted.slice(1, -1).replaceAll('""', '"') : quoted;
}

describe('difficultyCsv', () => {
  it('writes a formula-like prompt as text, as the server would', () => {
    for (const prompt of ['=HYPERLINK("http://x","y")', '+cmd', '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1']) {
      const cell = promptCell(difficultyCsv([item(prompt)]));
      expect(cell, JSON.stringify(prompt)).toBe(`'${prompt}`);
      expect(cell, JSON.stringify(prompt)).toBe(neutraliseCell(prompt));
    }
  });

  it('leaves ordinary prompts and numbers as they are', () => {
    const csv = difficultyCsv([item('Which river, "the longest", is it?')]);
    expect(promptCell(csv)).toBe('Which river, "the longest", is it?');
    expect(csv).toBe(
      '\uFEFFmodule,question,type,prompt,marks,answered,share_correct,discrimination,choices,flags\r\n' +
        '1,1,single,"Which river, ""the longest"", is it?",1,10,0.5,-0.25,A*=5 B=5,negative_discrimination\r\n',
    );
  });
});
