import type { QueryClient } from '@tanstack/react-query';
import type { PaperLanguage, SittingState } from '#contract/index';
import { activeLocale, changeLocale, isLocale, prepareLocale, storedLocale } from '../../../lib/i18n/index.js';
import { onReconnect } from '../../../lib/offline/reconnect.js';
import { sendLanguage } from '../api/choose-language.js';
import { sittingKeys } from '../api/keys.js';
import { keepUnsentLanguage, ownerOf, unreachable, unsentLanguage } from '../outbox/paper-store.js';

/**
 * The language the learner writes in (decision 091): the one kept on their attempt, else this browser's last
 * choice when the olympiad offers it, else the olympiad's default.
 */
export function sittingLanguage(state: Pick<SittingState, 'olympiad' | 'attempt'>, stored = storedLocale()) {
  const offered = state.olympiad.languages;
  const kept = state.attempt.language;
  if (kept && offered.includes(kept)) return kept;
  if (stored && (offered as string[]).includes(stored)) return stored as PaperLanguage;
  return state.olympiad.defaultLanguage;
}

/** The page speaks the sitting's language: its catalogues loaded, `<html lang>` set. Cheap when it does already. */
export function speak(language: PaperLanguage): Promise<void> {
  if (!isLocale(language) || activeLocale() === language) return Promise.resolve();
  return prepareLocale(language);
}

let stopWaiting: (() => void) | null = null;

/** Sends a choice kept on the device; kept there again when the server still cannot be reached. */
async function send(olympiadName: string, language: PaperLanguage): Promise<void> {
  const owner = ownerOf(olympiadName);
  try {
    await sendLanguage(olympiadName, language);
    if (owner) await keepUnsentLanguage(owner, null);
  } catch (error) {
    if (!unreachable(error)) throw error;
    if (owner) await keepUnsentLanguage(owner, language);
    stopWaiting?.();
    stopWaiting = onReconnect(() => {
      stopWaiting?.();
      stopWaiting = null;
      void sendUnsent(olympiadName);
    });
  }
}

/**
 * The learner chose a language: the page speaks it at once, the sitting's state says it, and the server keeps it
 * on the attempt; without the network it stays on the device (the paper store) and goes when the network returns.
 * No answer changes: they are kept by question and option id, whatever the words.
 */
export async function chooseLanguage(queryClient: QueryClient, olympiadName: string, language: PaperLanguage) {
  queryClient.setQueryData<SittingState>(sittingKeys.state(olympiadName), (state) =>
    state ? { ...state, attempt: { ...state.attempt, language } } : state,
  );
  await changeLocale(language);
  await send(olympiadName, language).catch(() => undefined);
}

/** A choice made without the network, sent now (the state was just read from the server). Answers it, if any. */
export async function sendUnsent(olympiadName: string): Promise<PaperLanguage | undefined> {
  const owner = ownerOf(olympiadName);
  const language = owner ? await unsentLanguage(owner).catch(() => undefined) : undefined;
  if (language) await send(olympiadName, language).catch(() => undefined);
  return language;
}
