import { useId, useState } from 'react';
import type { Pair, QuestionOption } from '#contract/index';
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
  const id = useId();
  const [message, setMessage] = useState('');
  const lefts = question.options;
  const rights = question.targets;
  const pairs = knownPairs(value?.type === 'match' ? value.pairs : [], lefts, rights);
  const leftName = (option: QuestionOption) => optionName(option, lefts.indexOf(option), 'Item');
  const rightName = (targetId: string) => {
    const i = rights.findIndex((t) => t.id === targetId);
    return optionName(rights[i] ?? { text: '' }, i, 'Answer');
  };
  const leftNameOf = (sourceId: string) => {
    const option = lefts.find((o) => o.id === sourceId);
    return option ? leftName(option) : sourceId;
  };
  const save = (next: Pair[]) => onChange({ type: 'match', pairs: next });

  const choose = (left: QuestionOption, targetId: string) => {
    const target = rights.find((t) => t.id === targetId);
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
      const others = result.displaced.filter((p) => p.source !== left.id).map((p) => `“${leftNameOf(p.source)}”`);
      setMessage(
        others.length
          ? `${rightName(targetId)} moved from ${others.join(', ')} to “${leftName(left)}”.`
          : `“${leftName(left)}”: ${rightName(targetId)}.`,
      );
    } else if (result.outcome === 'targetFull') {
      const n = pairs.filter((p) => p.target === targetId).length;
      setMessage(
        `${rightName(targetId)} is already chosen ${n} times, as often as it may be. Change one of those first.`,
      );
    } else if (result.outcome === 'sourceFull') {
      setMessage(`You can choose up to ${limitOf(left.matchMax)} for “${leftName(left)}”. Take one away first.`);
    }
  };

  return (
    <fieldset className={answers.choices} aria-describedby={promptId}>
      <legend className={answers.legend}>Match each item with its answer</legend>
      <div className={classes.matchRows}>
        {lefts.map((left) => {
          const mine = pairs.filter((p) => p.source === left.id);
          const name = leftName(left);
          if (limitOf(left.matchMax) === 1) {
            const selectId = `${id}-${left.id}`;
            return (
              <div key={left.id} className={classes.matchRow}>
                <label htmlFor={selectId} className={classes.matchLeft}>
                  {name}
                </label>
                <select
                  id={selectId}
                  className={classes.select}
                  value={mine[0]?.target ?? ''}
                  onChange={(event) => {
                    const targetId = event.currentTarget.value;
                    if (targetId === '') {
                      save(pairs.filter((p) => p.source !== left.id));
                      setMessage(`“${name}” has no answer now.`);
                    } else choose(left, targetId);
                  }}
                >
                  <option value="">Choose…</option>
                  {rights.map((right) => (
                    <option key={right.id} value={right.id}>
                      {rightName(right.id)}
                    </option>
                  ))}
                </select>
              </div>
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
                            setMessage(`${rightName(right.id)} taken away from “${name}”.`);
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
