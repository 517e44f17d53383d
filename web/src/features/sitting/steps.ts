import type { SittingState, SittingStep } from '#contract/index';

/** The learner pages, by the step of the flow they belong to. */
export type SittingPage = SittingStep;

export function olympiadPath(olympiadName: string, rest: string): string {
  return `/${encodeURIComponent(olympiadName)}/olympiad/${rest}`;
}

export function questionPath(olympiadName: string, moduleIndex: number, questionIndex: number | 'intro'): string {
  return olympiadPath(olympiadName, `${moduleIndex}/${questionIndex}`);
}

export function summaryPath(olympiadName: string): string {
  return olympiadPath(olympiadName, 'summary');
}

/** Where the learner really is: the page a deep link or a resumed session goes to. */
export function stepPath(olympiadName: string, state: SittingState): string {
  switch (state.step) {
    case 'questions': {
      const position = state.attempt.position;
      return position
        ? questionPath(olympiadName, position.moduleIndex, position.questionIndex)
        : questionPath(olympiadName, 0, 'intro');
    }
    default:
      return olympiadPath(olympiadName, state.step);
  }
}

/**
 * May this page be shown at the learner's real step? Instructions and declaration belong together (the
 * server has no separate "instructions read" step); every other page only at its own step, so signing in
 * again (home is the instructions page) resumes exactly where the learner was.
 */
export function pageAllowed(page: SittingPage, state: SittingState): boolean {
  const step = state.step;
  if (page === 'instructions' || page === 'declaration') return step === 'instructions' || step === 'declaration';
  return page === step;
}
