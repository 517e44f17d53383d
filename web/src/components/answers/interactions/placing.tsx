import { type DragEvent, useState } from 'react';
import { useT } from '../../../lib/i18n/index.js';
import type { Pair, QuestionOption, QuestionTarget } from '#contract/index';
import { limitOf, place, unplace } from './pairing.js';
import classes from './interactions.module.css';

/**
 * What a placing question places: labels on places of a picture, or words into gaps of a text. The catalogue's
 * messages choose their words by it (an ICU select), since "on a place" and "in a gap" differ in each language.
 */
export type PlacingKind = 'place' | 'gap';

export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface PlacingArgs {
  sources: QuestionOption[];
  targets: QuestionTarget[];
  pairs: Pair[];
  onPairs: (pairs: Pair[]) => void;
  /** A source's name as the learner reads it: "Gauteng". */
  sourceName: (id: string) => string;
  /** A target's name in a sentence: "place 2", "gap 1". */
  targetName: (id: string) => string;
  kind: PlacingKind;
}

/**
 * Putting labels on places (or words into gaps) the same way with a mouse, a finger and the keyboard: choose a
 * label (click, tap, or Enter on it), then its place; or, with a mouse, drag the label onto it. Every step is said
 * in words in a status line, which a screen reader reads out.
 */
export function usePlacing({ sources, targets, pairs, onPairs, sourceName, targetName, kind }: PlacingArgs) {
  const t = useT();
  const [chosen, setChosen] = useState<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [message, setMessage] = useState('');

  const choose = (id: string) => {
    if (chosen === id) {
      setChosen(null);
      setMessage(t('learner.answer.placing.noLongerChosen', { source: sourceName(id) }));
    } else {
      setChosen(id);
      setMessage(t('learner.answer.placing.chosen', { kind, source: sourceName(id) }));
    }
  };

  const cancel = () => {
    if (chosen === null) return;
    setMessage(t('learner.answer.placing.noLongerChosen', { source: sourceName(chosen) }));
    setChosen(null);
  };

  const put = (targetId: string, sourceId: string | null = chosen) => {
    if (sourceId === null) {
      setMessage(t('learner.answer.placing.chooseFirst', { kind }));
      return;
    }
    const from = sources.find((s) => s.id === sourceId);
    const to = targets.find((t) => t.id === targetId);
    if (!from || !to) return;
    const source = sourceName(sourceId);
    const target = targetName(targetId);
    const result = place(
      pairs,
      { source: sourceId, target: targetId },
      {
        source: limitOf(from.matchMax),
        target: limitOf(to.matchMax),
      },
    );
    setChosen(null);
    switch (result.outcome) {
      case 'placed': {
        onPairs(result.pairs);
        const moved = result.displaced.some((p) => p.source === sourceId);
        const replaced = result.displaced.filter((p) => p.source !== sourceId).map((p) => sourceName(p.source));
        setMessage(
          [
            t(moved ? 'learner.answer.placing.moved' : 'learner.answer.placing.put', { kind, source, target }),
            ...replaced.map((name) => t('learner.answer.placing.displaced', { kind, source: name })),
          ].join(' '),
        );
        return;
      }
      case 'already':
        setMessage(t('learner.answer.placing.already', { kind, source, target }));
        return;
      case 'sourceFull': {
        const count = pairs.filter((p) => p.source === sourceId).length;
        setMessage(t('learner.answer.placing.sourceFull', { kind, source, count }));
        return;
      }
      case 'targetFull': {
        const count = pairs.filter((p) => p.target === targetId).length;
        setMessage(t('learner.answer.placing.targetFull', { kind, target: capital(target), count }));
        return;
      }
    }
  };

  const remove = (pair: Pair) => {
    onPairs(unplace(pairs, pair));
    setMessage(
      t('learner.answer.placing.removed', { kind, source: sourceName(pair.source), target: targetName(pair.target) }),
    );
  };

  /** What makes a source draggable with a mouse (a finger taps instead). */
  const dragProps = (sourceId: string) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      setDragged(sourceId);
      // Firefox starts a drag only with some data; the id is what is dragged.
      event.dataTransfer?.setData('text/plain', sourceId);
      if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
    },
    onDragEnd: () => {
      setDragged(null);
      setOver(null);
    },
  });

  /** What makes a target take a dropped source. */
  const dropProps = (targetId: string) => ({
    onDragOver: (event: DragEvent) => {
      if (dragged === null) return;
      event.preventDefault();
      if (over !== targetId) setOver(targetId);
    },
    onDragLeave: () => setOver((current) => (current === targetId ? null : current)),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const sourceId = dragged;
      setDragged(null);
      setOver(null);
      if (sourceId !== null) put(targetId, sourceId);
    },
  });

  return { chosen, over, message, choose, cancel, put, remove, dragProps, dropProps };
}

export type Placing = ReturnType<typeof usePlacing>;

/** The labels (or words) to place: each a button to choose it, and to drag with a mouse. */
export function SourceBank({
  sources,
  pairs,
  placing,
  sourceName,
  targetName,
  kind,
  label,
}: {
  sources: QuestionOption[];
  pairs: Pair[];
  placing: Placing;
  sourceName: (id: string) => string;
  targetName: (id: string) => string;
  kind: PlacingKind;
  label: string;
}) {
  const t = useT();
  return (
    <div className={classes.bank} role="group" aria-label={label}>
      {sources.map((source) => {
        const where = pairs.filter((p) => p.source === source.id).map((p) => targetName(p.target));
        const chosen = placing.chosen === source.id;
        return (
          <button
            key={source.id}
            type="button"
            className={`${classes.source} ${chosen ? classes.sourceChosen : ''} ${where.length ? classes.sourceUsed : ''}`}
            aria-pressed={chosen}
            onClick={() => placing.choose(source.id)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') placing.cancel();
            }}
            {...placing.dragProps(source.id)}
          >
            {source.imageUrl ? (
              <img className={classes.sourceImage} src={source.imageUrl} alt="" draggable={false} />
            ) : null}
            <span>{sourceName(source.id)}</span>
            {where.length ? (
              <span className={classes.sourceWhere}>
                {' '}
                {t('learner.answer.placing.where', { kind, where: where.join(', ') })}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

/** What is placed where, each with a button to take it away again. */
export function PlacedList({
  targets,
  pairs,
  placing,
  sourceName,
  targetName,
  kind,
  heading,
}: {
  targets: QuestionTarget[];
  pairs: Pair[];
  placing: Placing;
  sourceName: (id: string) => string;
  targetName: (id: string) => string;
  kind: PlacingKind;
  heading: string;
}) {
  const t = useT();
  const ordered = targets.flatMap((t) => pairs.filter((p) => p.target === t.id));
  if (ordered.length === 0) return null;
  return (
    <div className={classes.placed}>
      <p className={classes.placedHeading}>{heading}</p>
      <ul className={classes.placedList}>
        {ordered.map((pair) => (
          <li key={`${pair.source} ${pair.target}`} className={classes.placedItem}>
            <span>
              {t('learner.answer.placing.holds', {
                target: capital(targetName(pair.target)),
                content: sourceName(pair.source),
              })}
            </span>
            <button type="button" className={classes.smallButton} onClick={() => placing.remove(pair)}>
              {/* Named by its words, not by an aria-label: a name other than the text shown is one a speech-input
                  user cannot say (axe's label-content-name-mismatch). */}
              <span aria-hidden="true">{t('learner.answer.placing.take', { kind })}</span>
              <span className={classes.visuallyHidden}>
                {t('learner.answer.placing.takeNamed', {
                  kind,
                  source: sourceName(pair.source),
                  target: targetName(pair.target),
                })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A line that says what just happened; a screen reader reads it out when it changes. */
export function Status({ message }: { message: string }) {
  return (
    <p role="status" className={classes.status}>
      {message}
    </p>
  );
}
