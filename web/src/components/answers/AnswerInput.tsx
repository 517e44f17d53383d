import { useId, useState } from 'react';
import type { AnswerValue, LearnerQuestion, QuestionOption } from '#contract/index';
import { useT } from '../../lib/i18n/index.js';
import classes from './answers.module.css';
import { QuestionImage } from '../phone-images.js';
import { RichAnswer } from './interactions/lazy.js';

export function emptyAnswer(type: LearnerQuestion['type']): AnswerValue {
  switch (type) {
    case 'single':
      return { type, optionId: null };
    case 'multiple':
      return { type, optionIds: [] };
    case 'true_false':
      return { type, value: null };
    case 'numeric':
      return { type, value: null };
    case 'short_text':
      return { type, text: '' };
    case 'hotspot':
    case 'order':
      return { type, optionIds: [] };
    case 'select_point':
      return { type, point: null };
    case 'graphic_gap_match':
    case 'gap_match':
    case 'match':
      return { type, pairs: [] };
    case 'inline_choice':
      return { type, optionId: null };
  }
}

/**
 * The types whose answer is given on the question's picture, which their control shows with its areas: the page
 * does not show the picture a second time. (The contract's `pictureTypes`, written out: the question page loads no
 * zod, and the contract's list lives beside its schemas.)
 */
export const drawsOwnPicture = (type: LearnerQuestion['type']) =>
  type === 'hotspot' || type === 'select_point' || type === 'graphic_gap_match';

interface AnswerInputProps {
  question: LearnerQuestion;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue, options?: { debounce?: boolean }) => void;
  /** The id of the prompt, which describes the answer group. */
  promptId: string;
  /** Typed text that cannot be saved as it is (letters in a number), kept while the learner moves around. */
  unsaved?: string | undefined;
  onUnsaved?: ((text: string | null) => void) | undefined;
  /**
   * The language of the options' and targets' words when it is not the page's (a text with no translation shows
   * the question's own words, decision 091): set on those words, never on the page's own instructions.
   */
  textLang?: string | undefined;
}

/** The answer of one question: native inputs in a fieldset whose legend says what to do. */
export function AnswerInput(props: AnswerInputProps) {
  const { question, value, onChange, promptId, textLang } = props;
  const own = question.type;
  const interaction = { question, value, onChange, promptId };
  const t = useT();
  // The richer interactions' words (targets, gaps) are drawn inside them: marked together when not translated.
  const rich = (node: React.ReactNode) => (textLang ? <div lang={textLang}>{node}</div> : node);
  return own === 'single' || own === 'multiple' || own === 'true_false' || own === 'numeric' || own === 'short_text'
    ? simple(props, t)
    : rich(<RichAnswer {...interaction} />);
}

function simple(
  { question, value, onChange, promptId, unsaved, onUnsaved, textLang }: AnswerInputProps,
  t: ReturnType<typeof useT>,
) {
  switch (question.type) {
    case 'single':
      return (
        <Choices
          kind="radio"
          legend={t('learner.answer.chooseOne')}
          options={question.options}
          textLang={textLang}
          selected={value?.type === 'single' && value.optionId ? [value.optionId] : []}
          onSelect={(ids) => onChange({ type: 'single', optionId: ids[0] ?? null })}
          promptId={promptId}
        />
      );
    case 'multiple':
      return (
        <Choices
          kind="checkbox"
          legend={t('learner.answer.chooseAll')}
          options={question.options}
          textLang={textLang}
          selected={value?.type === 'multiple' ? value.optionIds : []}
          onSelect={(ids) => onChange({ type: 'multiple', optionIds: ids })}
          promptId={promptId}
        />
      );
    case 'true_false': {
      const current = value?.type === 'true_false' ? value.value : null;
      return (
        <Choices
          kind="radio"
          legend={t('learner.answer.trueOrFalse')}
          options={[
            { id: 'true', text: t('learner.answer.true'), imageUrl: null },
            { id: 'false', text: t('learner.answer.false'), imageUrl: null },
          ]}
          letters={false}
          selected={current === null ? [] : [String(current)]}
          onSelect={(ids) => onChange({ type: 'true_false', value: ids[0] === undefined ? null : ids[0] === 'true' })}
          promptId={promptId}
        />
      );
    }
    case 'numeric':
      return (
        <NumericAnswer
          key={question.id}
          value={value}
          onChange={onChange}
          promptId={promptId}
          unsaved={unsaved}
          onUnsaved={onUnsaved}
        />
      );
    case 'short_text':
      return <TextAnswer key={question.id} value={value} onChange={onChange} promptId={promptId} />;
    default:
      return null;
  }
}

interface ChoicesProps {
  kind: 'radio' | 'checkbox';
  legend: string;
  options: QuestionOption[];
  selected: string[];
  onSelect: (ids: string[]) => void;
  promptId: string;
  letters?: boolean;
  textLang?: string | undefined;
}

function Choices({ kind, legend, options, selected, onSelect, promptId, letters = true, textLang }: ChoicesProps) {
  const t = useT();
  const name = useId();
  const withImages = options.some((o) => o.imageUrl);
  return (
    <fieldset className={classes.choices} aria-describedby={promptId}>
      <legend className={classes.legend}>{legend}</legend>
      <div className={withImages ? classes.optionGrid : classes.optionList}>
        {options.map((option, i) => {
          const checked = selected.includes(option.id);
          const letter = String.fromCharCode(65 + i);
          const text = option.text || (option.imageUrl ? t('learner.answer.picture', { letter }) : letter);
          return (
            <label key={option.id} className={`${classes.option} ${checked ? classes.optionChecked : ''}`}>
              <input
                type={kind}
                name={name}
                value={option.id}
                checked={checked}
                onChange={(event) => {
                  if (kind === 'radio') onSelect([option.id]);
                  else
                    onSelect(
                      event.currentTarget.checked
                        ? [...selected, option.id]
                        : selected.filter((id) => id !== option.id),
                    );
                }}
              />
              <span className={classes.optionMark} aria-hidden="true">
                {letters ? letter : null}
              </span>
              <span className={classes.optionBody}>
                {option.imageUrl ? (
                  <QuestionImage
                    className={classes.optionImage}
                    src={option.imageUrl}
                    alt={option.text ? '' : text}
                    loading="lazy"
                    // The option's picture is at most 220 px wide (answers.module.css .optionImage).
                    sizes="220px"
                  />
                ) : null}
                {option.text ? <span lang={textLang}>{option.text}</span> : null}
              </span>
              {checked ? (
                <span className={classes.tick} aria-hidden="true">
                  ✓
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** "12,5" and "12.5" are the same number; spaces (thousands) are ignored. Null for empty, NaN for not a number. */
export function parseNumber(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (cleaned === '') return null;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

interface FreeAnswerProps {
  value: AnswerValue | undefined;
  onChange: AnswerInputProps['onChange'];
  promptId: string;
}

function NumericAnswer({
  value,
  onChange,
  promptId,
  unsaved,
  onUnsaved,
}: FreeAnswerProps & Pick<AnswerInputProps, 'unsaved' | 'onUnsaved'>) {
  const t = useT();
  const id = useId();
  const saved = value?.type === 'numeric' && value.value !== null ? String(value.value) : '';
  const [text, setText] = useState(unsaved ?? saved);
  const parsed = parseNumber(text);
  const invalid = parsed !== null && Number.isNaN(parsed);
  return (
    <div className={classes.freeAnswer}>
      <label htmlFor={id} className={classes.legend}>
        {t('learner.answer.number')}
      </label>
      <input
        id={id}
        className={classes.textInput}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={`${promptId} ${id}-hint`}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          const number = parseNumber(next);
          const saveable = number === null || !Number.isNaN(number);
          onUnsaved?.(saveable ? null : next);
          if (saveable) onChange({ type: 'numeric', value: number }, { debounce: true });
        }}
      />
      <div id={`${id}-hint`} className={invalid ? classes.hintError : classes.hint}>
        {invalid
          ? `${t('learner.answer.notANumber')}${saved ? ` ${t('learner.answer.stillSaved', { saved: saved.replace('.', ',') })}` : ''}`
          : t('learner.answer.example')}
      </div>
    </div>
  );
}

function TextAnswer({ value, onChange, promptId }: FreeAnswerProps) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(value?.type === 'short_text' ? value.text : '');
  return (
    <div className={classes.freeAnswer}>
      <label htmlFor={id} className={classes.legend}>
        {t('learner.answer.yours')}
      </label>
      <input
        id={id}
        className={classes.textInput}
        type="text"
        maxLength={500}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        value={text}
        aria-describedby={promptId}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          onChange({ type: 'short_text', text: next }, { debounce: true });
        }}
      />
    </div>
  );
}
