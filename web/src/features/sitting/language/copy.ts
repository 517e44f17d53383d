import { generalCopyDefaults, type GeneralCopyKey } from '#contract/copy';
import type { SittingState } from '#contract/index';
import type { MessageId } from '../../../lib/i18n/index.js';
import { sittingLanguage } from './language.js';

type Translate = (id: MessageId, values?: Record<string, unknown>) => string;
type LearnerCopyKey = Exclude<GeneralCopyKey, 'portal-intro'>;

const ids: Record<LearnerCopyKey, MessageId> = {
  'instructions-intro': 'sitting.copy.instructionsIntro',
  'declaration-intro': 'sitting.copy.declarationIntro',
  'declaration-accept': 'sitting.copy.declarationAccept',
  'finished-message': 'sitting.copy.finishedMessage',
  'results-pending': 'sitting.copy.resultsPending',
  'feedback-invitation': 'sitting.copy.feedbackInvitation',
};

/**
 * An olympiad's general text in the learner's language (decision 091). Until an admin writes their own it is the
 * product's default, which the catalogue holds in every language; an olympiad's own wording is in its default
 * language, and `lang` says so where the learner reads another.
 */
export function learnerCopy(
  state: SittingState,
  key: LearnerCopyKey,
  t: Translate,
): { value: string; lang: string | undefined } {
  const text = state.copy[key];
  const defaults = generalCopyDefaults[key];
  if (text === defaults.default || text === defaults.country) {
    return { value: t(ids[key], { kind: state.olympiad.kind ?? 'school' }), lang: undefined };
  }
  const language = sittingLanguage(state);
  return {
    value: text,
    lang: language === state.olympiad.defaultLanguage ? undefined : state.olympiad.defaultLanguage,
  };
}
