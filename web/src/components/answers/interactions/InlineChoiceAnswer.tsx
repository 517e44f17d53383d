import { useT } from '../../../lib/i18n/index.js';
import answers from '../answers.module.css';
import { gapParagraphs } from './gap-text.js';
import classes from './interactions.module.css';
import { type InteractionProps, optionName } from './types.js';

/**
 * Inline choice: the text with a select where its gap is (a native select: a phone shows its own picker, the
 * keyboard and a screen reader know it). The text has one gap (decision 084); a text without one gets the select
 * after it.
 */
export function InlineChoiceAnswer({ question, value, onChange, promptId }: InteractionProps) {
  const t = useT();
  const chosen = value?.type === 'inline_choice' ? value.optionId : null;
  const known = question.options.some((o) => o.id === chosen) ? chosen : null;
  const select = (
    <select
      className={`${classes.select} ${classes.inlineSelect}`}
      aria-label={t('learner.answer.inline.select')}
      aria-describedby={promptId}
      value={known ?? ''}
      onChange={(event) => onChange({ type: 'inline_choice', optionId: event.currentTarget.value || null })}
    >
      <option value="">{t('learner.answer.inline.choose')}</option>
      {question.options.map((option, i) => (
        <option key={option.id} value={option.id}>
          {optionName(option, i, t('learner.answer.noun.answer'))}
        </option>
      ))}
    </select>
  );
  const paragraphs = gapParagraphs(question.gapText);
  // The first gap holds the select; were there another, it would read as text (the editor allows one).
  const p = paragraphs.findIndex((pieces) => pieces.some((piece) => piece.kind === 'gap'));
  const g = p === -1 ? -1 : paragraphs[p]!.findIndex((piece) => piece.kind === 'gap');
  return (
    <div className={answers.choices}>
      <p className={answers.legend}>{t('learner.answer.inline.legend')}</p>
      <div className={classes.gapText}>
        {paragraphs.map((pieces, pi) => (
          <p key={pi} className={classes.paragraph}>
            {pieces.map((piece, i) =>
              pi === p && i === g ? (
                <span key={i}>{select}</span>
              ) : (
                <span key={i}>{piece.kind === 'text' ? piece.text : `{{${piece.id}}}`}</span>
              ),
            )}
          </p>
        ))}
        {p === -1 ? <p className={classes.paragraph}>{select}</p> : null}
      </div>
    </div>
  );
}
