import { useT } from '../../../lib/i18n/index.js';
import { useId, useState } from 'react';
import answers from '../answers.module.css';
import { AreaShape, at, centreOf, Picture, usePictureSize } from './picture.js';
import { Status } from './placing.js';
import classes from './interactions.module.css';
import { type InteractionProps, optionName } from './types.js';

/**
 * Hotspot: choose areas marked on the picture. A click or tap on an area chooses it (again takes it away); the
 * areas are also a list of radios (one to choose) or checkboxes (several) under the picture, named "Area 2:
 * Gauteng", which is the keyboard's and the screen reader's way in. A chosen area is drawn solid with a tick, not
 * only in another colour; the area of the focused list item is outlined on the picture.
 */
export function HotspotAnswer({ question, value, onChange, promptId }: InteractionProps) {
  const name = useId();
  const [focused, setFocused] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [size, setSize] = usePictureSize(question);
  const max = question.maxChoices;
  const t = useT();
  const one = max === 1;
  const areas = question.options.filter((o) => o.area);
  const known = new Set(areas.map((o) => o.id));
  const chosen = (value?.type === 'hotspot' ? value.optionIds : []).filter((id) => known.has(id));
  const nameOf = (id: string) => {
    const index = areas.findIndex((o) => o.id === id);
    const option = areas[index];
    return option?.text.trim()
      ? t('learner.answer.hotspot.areaNamed', { number: index + 1, name: option.text.trim() })
      : t('learner.answer.hotspot.area', { number: index + 1 });
  };

  const set = (optionIds: string[]) => onChange({ type: 'hotspot', optionIds });
  const toggle = (id: string) => {
    if (chosen.includes(id)) {
      set(chosen.filter((c) => c !== id));
      setMessage(t('learner.answer.hotspot.takenAway', { name: nameOf(id) }));
    } else if (one) {
      set([id]);
      setMessage(t('learner.answer.hotspot.chosen', { name: nameOf(id) }));
    } else if (max > 0 && chosen.length >= max) {
      setMessage(t('learner.answer.hotspot.full', { max }));
    } else {
      set([...chosen, id]);
      setMessage(t('learner.answer.hotspot.chosen', { name: nameOf(id) }));
    }
  };

  const legend = one
    ? t('learner.answer.hotspot.one')
    : max > 1
      ? t('learner.answer.hotspot.upTo', { max })
      : t('learner.answer.hotspot.every');

  return (
    <fieldset className={answers.choices} aria-describedby={promptId}>
      <legend className={answers.legend}>{legend}</legend>
      <p className={classes.hint}>{t('learner.answer.hotspot.hint')}</p>
      <Picture
        question={question}
        size={size}
        onSize={setSize}
        shapes={() =>
          areas.map((option) => (
            <AreaShape
              key={option.id}
              area={option.area!}
              data-testid={`area-${option.id}`}
              className={`${classes.area} ${chosen.includes(option.id) ? classes.areaChosen : ''} ${focused === option.id ? classes.areaFocused : ''}`}
              onClick={() => toggle(option.id)}
            />
          ))
        }
        marks={(shown) =>
          areas.map((option, i) => {
            const on = chosen.includes(option.id);
            return (
              <span
                key={option.id}
                aria-hidden="true"
                className={`${classes.badge} ${on ? classes.badgeChosen : ''}`}
                style={at(centreOf(option.area!), shown)}
                onClick={() => toggle(option.id)}
              >
                {on ? '✓' : ''}
                {i + 1}
              </span>
            );
          })
        }
      />
      <div className={`${answers.optionList} ${classes.afterPicture}`}>
        {areas.map((option, i) => {
          const checked = chosen.includes(option.id);
          return (
            <label key={option.id} className={`${answers.option} ${checked ? answers.optionChecked : ''}`}>
              <input
                type={one ? 'radio' : 'checkbox'}
                name={name}
                value={option.id}
                checked={checked}
                aria-label={nameOf(option.id)}
                onFocus={() => setFocused(option.id)}
                onBlur={() => setFocused((f) => (f === option.id ? null : f))}
                onChange={() => toggle(option.id)}
              />
              <span className={answers.optionMark} aria-hidden="true">
                {i + 1}
              </span>
              <span className={answers.optionBody}>{optionName(option, i, t('learner.answer.noun.area'))}</span>
              {checked ? (
                <span className={answers.tick} aria-hidden="true">
                  ✓
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
      {one ? null : <Status message={message} />}
    </fieldset>
  );
}
