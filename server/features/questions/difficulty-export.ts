import {
  choiceFlagText,
  type DifficultyChoice,
  type DifficultyItem,
  type DifficultyReport,
  difficultyFlagText,
} from '#contract/authoring';
import { type TableColumn, tableSheet, type XlsxSheet } from '../../platform/xlsx.js';

/*
 * Questions by difficulty as spreadsheets (decisions 038 and 083): the xlsx holds the questions, their options and
 * the paper's figures; a csv holds one table, the questions or (`table=options`) the options. Shares are numbers from
 * 0 to 1 as the page's figures are, so a spreadsheet sorts and charts them; a figure the attempts cannot support is
 * an empty cell.
 */

const questionLabel = (i: DifficultyItem) => `M${i.moduleIndex + 1} Q${i.questionIndex + 1}`;

const questionColumns: TableColumn<DifficultyItem>[] = [
  { header: 'Question', width: 10, value: questionLabel },
  { header: 'Module', width: 24, value: 'moduleTitle' },
  { header: 'Type', width: 12, value: 'type' },
  { header: 'Prompt', width: 40, value: 'prompt' },
  { header: 'Marks', width: 8, value: 'marks' },
  { header: 'Answered', width: 10, value: 'answered' },
  { header: 'Facility', width: 10, value: 'facility' },
  { header: 'Standard deviation', width: 18, value: 'sd' },
  { header: 'Discrimination index', width: 20, value: 'discriminationIndex' },
  { header: 'Top minus bottom 27 %', width: 22, value: 'discrimination' },
  { header: 'Full marks', width: 11, value: 'shareCorrect' },
  { header: 'Flags', width: 40, value: (i) => i.flags.map((f) => difficultyFlagText[f]).join('; ') },
];

interface OptionRow {
  item: DifficultyItem;
  choice: DifficultyChoice;
}

const optionColumns: TableColumn<OptionRow>[] = [
  { header: 'Question', width: 10, value: (r) => questionLabel(r.item) },
  { header: 'Option', width: 8, value: (r) => r.choice.id },
  { header: 'Text', width: 32, value: (r) => r.choice.label },
  { header: 'Key', width: 6, value: (r) => (r.choice.correct ? 'Yes' : 'No') },
  { header: 'Chosen by', width: 10, value: (r) => r.choice.count },
  { header: 'Share', width: 8, value: (r) => r.choice.share },
  { header: 'Share of top 27 %', width: 18, value: (r) => r.choice.topShare },
  { header: 'Share of bottom 27 %', width: 20, value: (r) => r.choice.bottomShare },
  { header: 'Flags', width: 40, value: (r) => r.choice.flags.map((f) => choiceFlagText[f]).join('; ') },
];

interface FigureRow {
  figure: string;
  value: number | string | Date | null;
  note: string;
}

function paperRows(r: DifficultyReport, at: Date): FigureRow[] {
  const p = r.paper;
  const few = p.attempts < p.minAttempts ? `Needs at least ${p.minAttempts} attempts` : '';
  return [
    { figure: 'Grade', value: r.grade == null ? 'All grades' : `Grade ${r.grade}`, note: '' },
    { figure: 'Finished attempts', value: p.attempts, note: '' },
    { figure: 'Questions', value: p.questions, note: '' },
    { figure: 'Marks', value: p.maxMarks, note: '' },
    { figure: 'Mean total', value: p.mean, note: '' },
    { figure: 'Standard deviation of totals', value: p.sd, note: '' },
    {
      figure: p.dichotomous ? 'Reliability (KR-20)' : "Reliability (Cronbach's alpha)",
      value: p.alpha,
      note: p.alpha == null ? few : p.alpha < 0.7 ? 'Below 0.7' : '',
    },
    { figure: 'Standard error of measurement (marks)', value: p.sem, note: p.sem == null ? few : '' },
    { figure: 'Top and bottom groups (attempts each)', value: r.groupSize, note: '' },
    // An instant: a date cell of the olympiad's wall time in the xlsx, ISO text with its offset in a csv.
    { figure: 'Figures as of', value: at, note: '' },
  ];
}

/** The sheets of a download; the first is the csv's. */
export function difficultySheets(
  r: DifficultyReport,
  first: 'questions' | 'options' = 'questions',
  at = new Date(),
): XlsxSheet[] {
  const questions = tableSheet('Questions', questionColumns, r.items);
  const options = tableSheet(
    'Options',
    optionColumns,
    r.items.flatMap((item) => item.choices.map((choice) => ({ item, choice }))),
  );
  const paper = tableSheet(
    'Paper',
    [
      { header: 'Figure', width: 38, value: 'figure' },
      { header: 'Value', width: 12, value: 'value' },
      { header: 'Note', width: 30, value: 'note' },
    ],
    paperRows(r, at),
  );
  return first === 'options' ? [options, questions, paper] : [questions, options, paper];
}
