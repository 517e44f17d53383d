import type { AnswerValue, LearnerQuestion } from '#contract/index';

/** What each interaction takes: the question, the answer it reported last, and where to report the next one. */
export interface InteractionProps {
  question: LearnerQuestion;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  /** The id of the prompt, which describes the answer group. */
  promptId: string;
}

/** An option's name as the learner reads it: its text, else its place in the list. */
export const optionName = (option: { text: string }, index: number, noun: string) =>
  option.text.trim() || `${noun} ${index + 1}`;
