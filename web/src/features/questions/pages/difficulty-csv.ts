import type { DifficultyItem } from '#contract/authoring';
import { writeCsv } from '#contract/csv';

const header = [
  'module',
  'question',
  'type',
  'prompt',
  'marks',
  'answered',
  'share_correct',
  'discrimination',
  'choices',
  'flags',
];

/**
 * Questions by difficulty as CSV, built in the browser from the report on screen. Written by the contract's CSV
 * writer, the one the server's downloads use, so that a prompt beginning with `=`, `+`, `-`, `@`, a tab or a
 * carriage return opens in a spreadsheet as text and never runs as a formula.
 */
export function difficultyCsv(items: readonly DifficultyItem[]): string {
  return writeCsv(
    header,
    items.map((i) => [
      i.moduleIndex + 1,
      i.questionIndex + 1,
      i.type,
      i.prompt,
      i.marks,
      i.answered,
      i.shareCorrect,
      i.discrimination,
      i.choices.map((c) => `${c.id}${c.correct ? '*' : ''}=${c.count}`).join(' '),
      i.flags.join(' '),
    ]),
  );
}
