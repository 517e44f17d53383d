import { type KeyboardEvent, useId, useRef, useState } from 'react';
import type { Pair, QuestionOption } from '#contract/index';
import { useT } from '../../../lib/i18n/index.js';
import answers from '../answers.module.css';
import { knownPairs, limitOf, place, unplace } from './pairing.js';
import { Status } from './placing.js';
import classes from './interactions.module.css';
import { type InteractionProps, optionName } from './types.js';

/**
 * Match: each item of the left-hand column (the options) gets one of the right-hand column (the targets), with a
 * select per row, the plainest control a finger, the keyboard and a screen reader all know. An item that may have
 * several (its matchMax) gets a checkbox per right-hand item instead. A right-hand item that may be chosen once
 * moves to the row that chose it last, and the status line says so.
 */
export function MatchAnswer({ question, value, onChange, promptId }: InteractionProps) {
  const t = useT();
  const id = useId();
  const [message, setMessage] = useState('');
  const lefts = question.options;
  const rights = question.targets;
  const pairs = knownPairs(value?.type === 'match' ? value.pairs : [], lefts, rights);
  const leftName = (option: QuestionOption) => optionName(option, lefts.indexOf(option), t('learner.answer.noun.item'));
  const rightName = (targetId: string) => {
    const i = rights.findIndex((r) => r.id === targetId);
    return optionName(rights[i] ?? { text: '' }, i, t('learner.answer.noun.answer'));
  };
  const leftNameOf = (sourceId: string) => {
    const option = lefts.find((o) => o.id === sourceId);
    return option ? leftName(option) : sourceId;
  };
  const save = (next: Pair[]) => onChange({ type: 'match', pairs: next });

  const choose = (left: QuestionOption, targetId: string) => {
    const target = rights.find((r) => r.id === targetId);
    if (!target) return;
    const result = place(
      pairs,
      { source: left.id, target: targetId },
      {
        source: limitOf(left.matchMax),
        target: limitOf(target.matchMax),
      },
    );
    if (result.outcome === 'placed') {
      save(result.pairs);
      const others = result.displaced.filter((p) => p.source !== left.id).map((p) => leftNameOf(p.source));
      setMessage(
        others.length
          ? t('learner.answer.match.moved', {
              answer: rightName(targetId),
              from: others.join('”, “'),
              item: leftName(left),
            })
          : t('learner.answer.match.chosen', { answer: rightName(targetId), item: leftName(left) }),
      );
    } else if (result.outcome === 'targetFull') {
      const count = pairs.filter((p) => p.target === targetId).length;
      setMessage(t('learner.answer.match.targetFull', { answer: rightName(targetId), count }));
    } else if (result.outcome === 'sourceFull') {
      setMessage(t('learner.answer.match.sourceFull', { max: limitOf(left.matchMax), item: leftName(left) }));
    }
  };

  return (
    <fieldset className={answers.choices} aria-describedby={promptId}>
      <legend className={answers.legend}>{t('learner.answer.match.legend')}</legend>
      <div className={classes.matchRows}>
        {lefts.map((left) => {
          const mine = pairs.filter((p) => p.source === left.id);
          const name = leftName(left);
          if (limitOf(left.matchMax) === 1) {
            return (
              <OneAnswer
                key={left.id}
                id={`${id}-${left.id}`}
                name={name}
                chosen={mine[0]?.target ?? ''}
                choices={rights.map((right) => ({ id: right.id, name: rightName(right.id) }))}
                onLook={() => setMessage(t('learner.answer.match.look', { item: name }))}
                onChoose={(targetId) => {
                  if (targetId === '') {
                    save(pairs.filter((p) => p.source !== left.id));
                    setMessage(t('learner.answer.match.none', { item: name }));
                  } else choose(left, targetId);
                }}
              />
            );
          }
          return (
            <fieldset key={left.id} className={`${classes.matchRow} ${classes.matchMany}`}>
              <legend className={classes.matchLeft}>{name}</legend>
              <div className={classes.matchChecks}>
                {rights.map((right) => {
                  const checked = mine.some((p) => p.target === right.id);
                  return (
                    <label key={right.id} className={classes.check}>
                      <input
                        type="checkbox"
                        checked={checked}
                        onChange={() => {
                          if (checked) {
                            save(unplace(pairs, { source: left.id, target: right.id }));
                            setMessage(
                              t('learner.answer.match.takenAway', { answer: rightName(right.id), item: name }),
                            );
                          } else choose(left, right.id);
                        }}
                      />
                      {rightName(right.id)}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
      </div>
      <Status message={message} />
    </fieldset>
  );
}

/**
 * Keys by which a closed native select shows another of its choices at once (Chromium and Firefox on Windows and
 * Linux): the arrows, Home, End, the page keys and a typed letter. Alt with an arrow, F4 and Space open its list
 * instead, and Enter takes what is shown.
 */
const looksThrough = (event: KeyboardEvent) =>
  !event.altKey &&
  !event.ctrlKey &&
  !event.metaKey &&
  (['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'].includes(event.key) ||
    (event.key.length === 1 && event.key !== ' '));

/**
 * One row's select. A choice made in its open list (a click, a tap, the arrows in the open list and Enter) counts at
 * once. But a closed select changes its value on every arrow or letter key, and a keyboard learner walking past the
 * choices would choose each one on the way: an answer that may be chosen once would leave the row that had it. So a
 * value the keys only show is the row's answer once the learner presses Enter or moves on; Escape goes back.
 */
function OneAnswer({
  id,
  name,
  chosen,
  choices,
  onChoose,
  onLook,
}: {
  id: string;
  name: string;
  /** The row's answer: a right-hand item's id, or '' for none. */
  chosen: string;
  choices: { id: string; name: string }[];
  onChoose: (targetId: string) => void;
  /** Told when the keys show an answer that is not yet chosen. */
  onLook: () => void;
}) {
  const t = useT();
  const [shown, setShown] = useState<string | null>(null);
  // Between a key's down and up: a change then is the closed select showing the next choice, not a choice.
  const keyHeld = useRef(false);
  const take = () => {
    if (shown === null) return;
    setShown(null);
    if (shown !== chosen) onChoose(shown);
  };
  return (
    <div className={classes.matchRow}>
      <label htmlFor={id} className={classes.matchLeft}>
        {name}
      </label>
      <select
        id={id}
        className={classes.select}
        value={shown ?? chosen}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && shown !== null) {
            event.preventDefault();
            take();
          } else if (event.key === 'Escape' && shown !== null) setShown(null);
          else keyHeld.current = looksThrough(event);
        }}
        onKeyUp={() => {
          keyHeld.current = false;
        }}
        onBlur={() => {
          keyHeld.current = false;
          take();
        }}
        onChange={(event) => {
          const targetId = event.currentTarget.value;
          if (keyHeld.current) {
            setShown(targetId);
            if (targetId !== chosen) onLook();
          } else {
            setShown(null);
            if (targetId !== chosen) onChoose(targetId);
          }
        }}
      >
        <option value="">{t('learner.answer.inline.choose')}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
    </div>
  );
}
