import { useState } from 'react';
import type { AnswerValue, LearnerQuestion } from '#contract/index';
import { renderInLearnerPage } from '../../../test/render-learner.js';
import { AnswerInput } from '../AnswerInput.js';

/** A question of the paper as the learner receives it; what a test does not say is empty. */
export function learnerQuestion(type: LearnerQuestion['type'], rest: Partial<LearnerQuestion> = {}): LearnerQuestion {
  return {
    id: 7,
    index: 0,
    type,
    prompt: '<p>Which?</p>',
    imageUrl: null,
    imageAlt: '',
    marks: 1,
    options: [],
    imageWidth: null,
    imageHeight: null,
    targets: [],
    gapText: '',
    maxChoices: 1,
    translations: {},
    ...rest,
  };
}

/** A picture 1000 × 500 pixels, the size areas and points are measured in. */
export const picture = {
  imageUrl: '/question/image/3/0123456789abcdef0123456789abcdef',
  imageAlt: 'A map of South Africa',
  imageWidth: 1000,
  imageHeight: 500,
} satisfies Partial<LearnerQuestion>;

/**
 * The question page around one answer, as AnswerInput.test.tsx has it: it keeps what the input reported last and
 * hands it back, and `changes` is every answer handed to the outbox.
 */
export function renderAnswer(question: LearnerQuestion, initial?: AnswerValue) {
  const changes: AnswerValue[] = [];
  function Page() {
    const [value, setValue] = useState<AnswerValue | undefined>(initial);
    return (
      <>
        <p id="prompt">Which?</p>
        <AnswerInput
          question={question}
          value={value}
          promptId="prompt"
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
        />
      </>
    );
  }
  const view = renderInLearnerPage(<Page />);
  return { ...view, changes, last: () => changes.at(-1) };
}
