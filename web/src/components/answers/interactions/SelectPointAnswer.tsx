import { useT, type MessageId, type Values } from '../../../lib/i18n/index.js';
import { type KeyboardEvent, type MouseEvent, useId, useState } from 'react';
import type { Point } from '#contract/index';
import { percent } from '#contract/numbers';
import answers from '../answers.module.css';
import { at, Picture, type PictureSize, usePictureSize } from './picture.js';
import classes from './interactions.module.css';
import type { InteractionProps } from './types.js';

/** Where a point is, in words: "42 % across, 60 % down" (in the page's language when given its `t`). */
export const pointInWords = (point: Point, size: PictureSize, t?: (id: MessageId, values?: Values) => string) =>
  t
    ? t('learner.answer.point.where', { across: percent(point.x, size.width), down: percent(point.y, size.height) })
    : // The back office's marking screens, which stay English (README), call it without a `t`.
      // eslint-disable-next-line lingui/no-unlocalized-strings
      `${percent(point.x, size.width)} across, ${percent(point.y, size.height)} down`;

const clamp = (n: number, max: number) => Math.min(max, Math.max(0, n));
const whole = (point: Point): Point => ({ x: Math.round(point.x), y: Math.round(point.y) });

/**
 * Select point: a click or tap anywhere on the picture puts the marker there (the answer is in the picture's own
 * pixels). With the keyboard the picture takes focus, the arrow keys move a cross (a hundredth of the picture a
 * press, a tenth with Shift) and Enter or Space puts the marker at the cross. Where the point is, is said in words.
 */
export function SelectPointAnswer({ question, value, onChange, promptId }: InteractionProps) {
  const t = useT();
  const hintId = useId();
  const [size, setSize] = usePictureSize(question);
  const point = value?.type === 'select_point' ? value.point : null;
  const [cross, setCross] = useState<Point | null>(null);
  const [focused, setFocused] = useState(false);
  const [message, setMessage] = useState('');

  const placeAt = (next: Point) => {
    if (!size) return;
    const p = whole({ x: clamp(next.x, size.width), y: clamp(next.y, size.height) });
    onChange({ type: 'select_point', point: p });
    setCross(p);
    setMessage(t('learner.answer.point.placed', { where: pointInWords(p, size, t) }));
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!size) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    placeAt({
      x: ((event.clientX - box.left) / box.width) * size.width,
      y: ((event.clientY - box.top) / box.height) * size.height,
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!size) return;
    const from = cross ?? point ?? { x: size.width / 2, y: size.height / 2 };
    const step = event.shiftKey ? 10 : 1;
    const dx = (size.width * step) / 100;
    const dy = (size.height * step) / 100;
    const moves: Record<string, Point> = {
      ArrowLeft: { x: from.x - dx, y: from.y },
      ArrowRight: { x: from.x + dx, y: from.y },
      ArrowUp: { x: from.x, y: from.y - dy },
      ArrowDown: { x: from.x, y: from.y + dy },
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const next = { x: clamp(move.x, size.width), y: clamp(move.y, size.height) };
      setCross(next);
      setMessage(t('learner.answer.point.cross', { where: pointInWords(next, size, t) }));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      placeAt(from);
    }
  };

  const shownCross = focused ? (cross ?? point ?? (size ? { x: size.width / 2, y: size.height / 2 } : null)) : null;

  return (
    <fieldset className={answers.choices} aria-describedby={promptId}>
      <legend className={answers.legend}>{t('learner.answer.point.legend')}</legend>
      <p className={classes.hint} id={hintId}>
        {t('learner.answer.point.hint')}
      </p>
      <Picture
        question={question}
        size={size}
        onSize={setSize}
        className={classes.pointPicture}
        tabIndex={0}
        role="application"
        aria-label={`${question.imageAlt ? t('learner.answer.point.pictureOf', { alt: question.imageAlt }) : t('learner.answer.point.picture')} ${
          point && size
            ? t('learner.answer.point.yoursIs', { where: pointInWords(point, size, t) })
            : t('learner.answer.point.none')
        }`}
        aria-describedby={hintId}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setCross(null);
        }}
        marks={(shown) => (
          <>
            {shownCross ? (
              <span className={classes.cross} style={at(shownCross, shown)} aria-hidden="true" data-testid="cross" />
            ) : null}
            {point ? (
              <span className={classes.marker} style={at(point, shown)} aria-hidden="true" data-testid="marker" />
            ) : null}
          </>
        )}
      />
      <div className={classes.row}>
        <p className={classes.pointWords}>
          {point && size
            ? t('learner.answer.point.yours', { where: pointInWords(point, size, t) })
            : t('learner.answer.point.none')}
        </p>
        <button
          type="button"
          className={classes.smallButton}
          disabled={!point}
          onClick={() => {
            onChange({ type: 'select_point', point: null });
            setMessage(t('learner.answer.point.cleared'));
          }}
        >
          {t('learner.answer.point.clear')}
        </button>
      </div>
      <p role="status" className={classes.visuallyHidden}>
        {message}
      </p>
    </fieldset>
  );
}
