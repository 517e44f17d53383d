import type { LearnerModule, LearnerQuestion } from '#contract/index';

/** One question in the order the learner meets them. */
export interface PaperItem {
  moduleIndex: number;
  questionIndex: number;
  /** 1-based number across the whole paper. */
  number: number;
  module: LearnerModule;
  question: LearnerQuestion;
}

export function flatten(modules: LearnerModule[]): PaperItem[] {
  const items: PaperItem[] = [];
  modules.forEach((module, moduleIndex) =>
    module.questions.forEach((question, questionIndex) =>
      items.push({ moduleIndex, questionIndex, number: items.length + 1, module, question }),
    ),
  );
  return items;
}
