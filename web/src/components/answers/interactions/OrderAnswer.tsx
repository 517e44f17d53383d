import { useT } from '../../../lib/i18n/index.js';
import { useEffect, useRef, useState } from 'react';
import type { QuestionOption } from '#contract/index';
import answers from '../answers.module.css';
import { Status } from './placing.js';
import classes from './interactions.module.css';
import { type InteractionProps, optionName } from './types.js';

/**
 * The items in the learner's order: the saved order when there is one (items the question no longer has left out,
 * new ones after), else the order the paper gives (already the learner's own shuffle, decision 084).
 */
export function orderOf(options: QuestionOption[], saved: readonly string[]): QuestionOption[] {
  const byId = new Map(options.map((o) => [o.id, o]));
  const kept = saved.flatMap((id) => byId.get(id) ?? []);
  return [...new Set([...kept, ...options])];
}

/**
 * Order: the items as a numbered list, moved by dragging with a mouse, or by each item's "up" and "down" buttons
 * (a finger, the keyboard, a screen reader). The answer is every item's id in order, given the first time an item
 * moves; "Keep this order" gives the order as it is shown, for a learner who thinks it is right already (an order
 * never touched is not an answer: the shown order is the paper's, not the learner's).
 */
export function OrderAnswer({ question, value, onChange, promptId }: InteractionProps) {
  const t = useT();
  const saved = value?.type === 'order' ? value.optionIds : [];
  const items = orderOf(question.options, saved);
  const answered = saved.length > 0;
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const list = useRef<HTMLOListElement>(null);
  // The button that moved an item keeps the focus: the browser drops it when React moves the item's node.
  const refocus = useRef<string | null>(null);
  const justKept = useRef(false);
  const order = items.map((o) => o.id).join(' ');
  useEffect(() => {
    const button = refocus.current;
    refocus.current = null;
    if (button !== null) list.current?.querySelector<HTMLButtonElement>(`[data-move="${CSS.escape(button)}"]`)?.focus();
  }, [order]);
  const nameOf = (option: QuestionOption) =>
    optionName(option, question.options.indexOf(option), t('learner.answer.noun.item'));

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return false;
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange({ type: 'order', optionIds: next.map((o) => o.id) });
    setMessage(t('learner.answer.order.moved', { name: nameOf(item!), place: to + 1, count: items.length }));
    return true;
  };

  return (
    <fieldset className={answers.choices} aria-describedby={promptId}>
      <legend className={answers.legend}>{t('learner.answer.order.legend')}</legend>
      <p className={classes.hint}>{t('learner.answer.order.hint')}</p>
      <ol className={classes.orderList} ref={list}>
        {items.map((option, i) => {
          const name = nameOf(option);
          return (
            <li
              key={option.id}
              className={`${classes.orderItem} ${dragged === option.id ? classes.orderDragged : ''} ${over === option.id && dragged !== option.id ? classes.orderOver : ''}`}
              draggable
              data-testid={`order-${option.id}`}
              onDragStart={(event) => {
                setDragged(option.id);
                event.dataTransfer?.setData('text/plain', option.id);
                if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                if (over !== option.id) setOver(option.id);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              onDrop={(event) => {
                event.preventDefault();
                const from = items.findIndex((o) => o.id === dragged);
                setDragged(null);
                setOver(null);
                if (from !== -1) move(from, i);
              }}
            >
              <span className={classes.orderNumber} aria-hidden="true">
                {i + 1}
              </span>
              <span className={classes.orderText}>
                {option.imageUrl ? (
                  <img className={classes.sourceImage} src={option.imageUrl} alt="" draggable={false} />
                ) : null}
                {name}
              </span>
              <span className={classes.orderButtons}>
                {/* aria-disabled, not disabled: the button keeps the focus when its item reaches the end. */}
                <button
                  type="button"
                  className={classes.moveButton}
                  aria-label={t('learner.answer.order.up', { name })}
                  aria-disabled={i === 0}
                  data-move={`${option.id} up`}
                  onClick={() => {
                    if (move(i, i - 1)) refocus.current = `${option.id} up`;
                  }}
                >
                  <span aria-hidden="true">▲</span>
                </button>
                <button
                  type="button"
                  className={classes.moveButton}
                  aria-label={t('learner.answer.order.down', { name })}
                  aria-disabled={i === items.length - 1}
                  data-move={`${option.id} down`}
                  onClick={() => {
                    if (move(i, i + 1)) refocus.current = `${option.id} down`;
                  }}
                >
                  <span aria-hidden="true">▼</span>
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <div className={classes.row}>
        {answered ? (
          <p
            className={classes.pointWords}
            tabIndex={-1}
            ref={(p) => {
              // After "Keep this order" the button is gone: the focus goes to the sentence that replaces it.
              if (p && justKept.current) {
                justKept.current = false;
                p.focus();
              }
            }}
          >
            {t('learner.answer.order.isAnswer')}
          </p>
        ) : (
          <>
            <p className={classes.pointWords}>{t('learner.answer.order.notYet')}</p>
            <button
              type="button"
              className={classes.smallButton}
              onClick={() => {
                justKept.current = true;
                onChange({ type: 'order', optionIds: items.map((o) => o.id) });
                setMessage(t('learner.answer.order.nowAnswer'));
              }}
            >
              {t('learner.answer.order.keep')}
            </button>
          </>
        )}
      </div>
      <Status message={message} />
    </fieldset>
  );
}
