import { lazy, Suspense } from 'react';
import { useT } from '../../../lib/i18n/index.js';
import answers from '../answers.module.css';
import type * as RichAnswersModule from './RichAnswers.js';
import type { InteractionProps } from './types.js';

type Module = typeof RichAnswersModule;

/** The module once it is here: drawn at once from then on, with no fallback between two questions. */
let loaded: Module | null = null;

/**
 * Loads the richer answers (pictures to click, texts with gaps, orders, pairs). Most questions of a paper are a
 * choice or a typed answer, so their code stays out of the question page's first load (decision 016's budget);
 * the page calls this once the first question is shown, and the learner app's service worker keeps the chunk on
 * the device with the rest, so a reload without a connection still draws them.
 */
export function loadRichAnswers(): Promise<Module> {
  return import('./RichAnswers.js').then((module) => (loaded = module));
}

const Lazy = lazy(() => loadRichAnswers().then((module) => ({ default: module.RichAnswers })));

/** A rich answer: from the loaded module when it is here, else after it arrives (a line saying so meanwhile). */
export function RichAnswer(props: InteractionProps) {
  const t = useT();
  if (loaded) return <loaded.RichAnswers {...props} />;
  return (
    <Suspense fallback={<p className={answers.legend}>{t('common.loading')}</p>}>
      <Lazy {...props} />
    </Suspense>
  );
}
