import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PaperLanguage, SittingState } from '#contract/index';
import { localeNames, useLocale, useT } from '../../../lib/i18n/index.js';
import classes from './language.module.css';
import { chooseLanguage } from './language.js';

interface ChoiceProps {
  state: SittingState;
  olympiadName: string;
}

/** Two languages offered: the learner may choose. One: nothing to choose, nothing shown. */
const offersTwo = (state: SittingState) => state.olympiad.languages.length > 1;

/**
 * The instructions page's choice (decision 091): a radio group, each language named in itself and marked as
 * written in it, so a reader of either finds theirs whatever the page speaks now.
 */
export function LanguageChoice({ state, olympiadName }: ChoiceProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const { locale } = useLocale();
  // The choice shows at once; the page's words follow as soon as their catalogue is there.
  const [picked, setPicked] = useState<PaperLanguage | null>(null);
  if (!offersTwo(state)) return null;
  const current = picked ?? locale;
  return (
    <fieldset className={classes.choice}>
      <legend className={classes.legend}>{t('learner.language.choose')}</legend>
      <p className={classes.hint}>{t('learner.language.hint')}</p>
      <div className={classes.options}>
        {state.olympiad.languages.map((language) => (
          <label key={language} className={classes.option} lang={language}>
            <input
              type="radio"
              name="sitting-language"
              value={language}
              checked={current === language}
              onChange={() => {
                setPicked(language);
                void chooseLanguage(queryClient, olympiadName, language);
              }}
            />
            <span>{localeNames[language]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The paper header's switch (decision 091): one small button naming the other language in itself. Switching keeps
 * every answer (they are kept by question and option id) and works offline (the choice waits on the device).
 */
export function LanguageSwitch({ state, olympiadName }: ChoiceProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const { locale } = useLocale();
  if (!offersTwo(state)) return null;
  const other = state.olympiad.languages.find((language) => language !== locale) as PaperLanguage | undefined;
  if (!other) return null;
  return (
    <button
      type="button"
      className={classes.switch}
      lang={other}
      title={t('learner.language.switchTitle')}
      onClick={() => void chooseLanguage(queryClient, olympiadName, other)}
    >
      <span aria-hidden="true" className={classes.globe}>
        ⇄
      </span>
      {localeNames[other]}
    </button>
  );
}
