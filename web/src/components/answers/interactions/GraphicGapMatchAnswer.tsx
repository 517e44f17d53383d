import type { Pair } from '#contract/index';
import answers from '../answers.module.css';
import { knownPairs } from './pairing.js';
import { AreaShape, at, centreOf, Picture, usePictureSize } from './picture.js';
import { useT } from '../../../lib/i18n/index.js';
import { capital, PlacedList, SourceBank, Status, usePlacing } from './placing.js';
import classes from './interactions.module.css';
import { type InteractionProps, optionName } from './types.js';

/**
 * Graphic gap match: put labels on places of the picture. Choose a label (click, tap, or Enter), then its place
 * (on the picture, or its button there); with a mouse a label can also be dragged onto a place. Each place shows
 * the labels on it and is named by them ("Place 2: Gauteng"); the list under the picture takes a label off again.
 */
export function GraphicGapMatchAnswer({ question, value, onChange, promptId }: InteractionProps) {
  const t = useT();
  const [size, setSize] = usePictureSize(question);
  const labels = question.options;
  const places = question.targets;
  const pairs = knownPairs(value?.type === 'graphic_gap_match' ? value.pairs : [], labels, places);
  const labelName = (id: string) => {
    const i = labels.findIndex((o) => o.id === id);
    return optionName(labels[i] ?? { text: '' }, i, t('learner.answer.noun.label'));
  };
  const placeName = (id: string) => {
    const i = places.findIndex((p) => p.id === id);
    const text = places[i]?.text.trim();
    return text
      ? t('learner.answer.place.named', { number: i + 1, text })
      : t('learner.answer.place.name', { number: i + 1 });
  };
  const placing = usePlacing({
    sources: labels,
    targets: places,
    pairs,
    onPairs: (next: Pair[]) => onChange({ type: 'graphic_gap_match', pairs: next }),
    sourceName: labelName,
    targetName: placeName,
    kind: 'place',
  });
  const on = (placeId: string) => pairs.filter((p) => p.target === placeId).map((p) => labelName(p.source));

  return (
    <fieldset className={answers.choices} aria-describedby={promptId}>
      <legend className={answers.legend}>{t('learner.answer.place.legend')}</legend>
      <p className={classes.hint}>{t('learner.answer.place.hint')}</p>
      <SourceBank
        sources={labels}
        pairs={pairs}
        placing={placing}
        sourceName={labelName}
        targetName={placeName}
        kind="place"
        label={t('learner.answer.place.bank')}
      />
      <Status message={placing.message} />
      <Picture
        question={question}
        size={size}
        onSize={setSize}
        shapes={() =>
          places.map((place) =>
            place.area ? (
              <AreaShape
                key={place.id}
                area={place.area}
                data-testid={`place-area-${place.id}`}
                className={`${classes.area} ${on(place.id).length ? classes.areaFilled : ''} ${placing.over === place.id ? classes.areaDrop : ''}`}
                onClick={() => placing.put(place.id)}
                {...placing.dropProps(place.id)}
              />
            ) : null,
          )
        }
        marks={(shown) =>
          places.map((place, i) => {
            if (!place.area) return null;
            const here = on(place.id);
            return (
              <button
                key={place.id}
                type="button"
                className={`${classes.place} ${here.length ? classes.placeFilled : ''} ${placing.over === place.id ? classes.placeDrop : ''}`}
                style={at(centreOf(place.area), shown)}
                onClick={() => placing.put(place.id)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') placing.cancel();
                }}
                {...placing.dropProps(place.id)}
              >
                {/* Named by its words, not by an aria-label: a name other than the text on the button is one a
                    speech-input user cannot say (axe's label-content-name-mismatch). */}
                <span className={classes.placeNumber} aria-hidden="true">
                  {i + 1}
                </span>
                {here.length ? (
                  <span className={classes.placeLabel} aria-hidden="true">
                    {here.join(', ')}
                  </span>
                ) : null}
                <span className={classes.visuallyHidden}>
                  {t('learner.answer.placing.holds', {
                    target: capital(placeName(place.id)),
                    content: here.length ? here.join(', ') : t('learner.answer.placing.empty'),
                  })}
                </span>
              </button>
            );
          })
        }
      />
      <PlacedList
        targets={places}
        pairs={pairs}
        placing={placing}
        sourceName={labelName}
        targetName={placeName}
        kind="place"
        heading={t('learner.answer.place.yours')}
      />
    </fieldset>
  );
}
