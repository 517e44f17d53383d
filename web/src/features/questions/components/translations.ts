import type { LearnerQuestionText } from '#contract/questions';
import type { PreviewQuestion } from './QuestionPreview.js';

/**
 * A question with its words in another language (decision 094), to preview as a learner in that language reads it:
 * each word it has replaces the default's; one it lacks shows the default's, as the learner's paper falls back.
 */
export function inLanguage(q: PreviewQuestion, t: LearnerQuestionText | undefined): PreviewQuestion {
  if (!t) return q;
  return {
    ...q,
    prompt: t.prompt || q.prompt,
    imageAlt: t.imageAlt || q.imageAlt,
    options: q.options.map((o) => ({ ...o, text: t.options[o.id] || o.text })),
    targets: q.targets.map((x) => ({ ...x, text: t.targets[x.id] || x.text })),
    gapText: t.gapText || q.gapText,
  };
}
