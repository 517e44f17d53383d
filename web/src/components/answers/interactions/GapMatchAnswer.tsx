import type { Pair } from '#contract/index';
import answers from '../answers.module.css';
import { gapIds, gapParagraphs } from './gap-text.js';
import { knownPairs } from './pairing.js';
import { useT } from '../../../lib/i18n/index.js';
import { capital, PlacedList, SourceBank, Status, usePlacing } from './placing.js';
import classes from './interactions.module.css';
import { type InteractionProps, optionName } from './types.js';

/**
 * Gap match: the text with its gaps, and words to put into them. Choose a word (click, tap, or Enter), then its
 * gap; with a mouse a word can also be dragged into a gap. Each gap is a button named by what it holds ("Gap 1:
 * Pretoria"); the list under the text takes a word out again.
 */
export function GapMatchAnswer({ question, value, onChange, promptId }: InteractionProps) {
  const t = useT();
  const sources = question.options;
  // The gaps in the order the text has them: "gap 1" is the first a learner reads.
  const order = gapIds(question.gapText);
  const gaps = [...question.targets].sort((a, b) => rank(order, a.id) - rank(order, b.id));
  const pairs = knownPairs(value?.type === 'gap_match' ? value.pairs : [], sources, gaps);
  const wordName = (id: string) => {
    const i = sources.findIndex((o) => o.id === id);
    return optionName(sources[i] ?? { text: '' }, i, t('learner.answer.noun.word'));
  };
  const gapName = (id: string) => t('learner.answer.gap.name', { number: gaps.findIndex((g) => g.id === id) + 1 });
  const placing = usePlacing({
    sources,
    targets: gaps,
    pairs,
    onPairs: (next: Pair[]) => onChange({ type: 'gap_match', pairs: next }),
    sourceName: wordName,
    targetName: gapName,
    kind: 'gap',
  });

  return (
    <fieldset className={answers.choices} aria-describedby={promptId}>
      <legend className={answers.legend}>{t('learner.answer.gap.legend')}</legend>
      <p className={classes.hint}>{t('learner.answer.gap.hint')}</p>
      <SourceBank
        sources={sources}
        pairs={pairs}
        placing={placing}
        sourceName={wordName}
        targetName={gapName}
        kind="gap"
        label={t('learner.answer.gap.bank')}
      />
      <Status message={placing.message} />
      <div className={classes.gapText}>
        {gapParagraphs(question.gapText).map((pieces, p) => (
          <p key={p} className={classes.paragraph}>
            {pieces.map((piece, i) => {
              if (piece.kind === 'text') return <span key={i}>{piece.text}</span>;
              const gap = gaps.find((t) => t.id === piece.id);
              if (!gap) return <span key={i}>{`{{${piece.id}}}`}</span>;
              const here = pairs.filter((pair) => pair.target === gap.id).map((pair) => wordName(pair.source));
              return (
                <button
                  key={i}
                  type="button"
                  className={`${classes.gap} ${here.length ? classes.gapFilled : ''} ${placing.over === gap.id ? classes.gapDrop : ''}`}
                  onClick={() => placing.put(gap.id)}
                  onKeyDown={(event) => {
                    if (event.key === 'Escape') placing.cancel();
                  }}
                  {...placing.dropProps(gap.id)}
                >
                  {/* Named by its words, not by an aria-label (as the places on a picture are). */}
                  <span className={classes.gapNumber} aria-hidden="true">
                    {gaps.indexOf(gap) + 1}
                  </span>
                  {here.length ? (
                    <span aria-hidden="true">{here.join(', ')}</span>
                  ) : (
                    <span className={classes.gapBlank} />
                  )}
                  <span className={classes.visuallyHidden}>
                    {t('learner.answer.placing.holds', {
                      target: capital(gapName(gap.id)),
                      content: here.length ? here.join(', ') : t('learner.answer.placing.empty'),
                    })}
                  </span>
                </button>
              );
            })}
          </p>
        ))}
      </div>
      <PlacedList
        targets={gaps}
        pairs={pairs}
        placing={placing}
        sourceName={wordName}
        targetName={gapName}
        kind="gap"
        heading={t('learner.answer.gap.yours')}
      />
    </fieldset>
  );
}

/** Where an id is in the text's order; a gap the text does not have goes last. */
function rank(order: string[], id: string) {
  const i = order.indexOf(id);
  return i === -1 ? order.length : i;
}
