import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { LearnerModule } from '#contract/index';
import { isApiError } from '../../../lib/api/index.js';
import { finishSitting } from '../api/finish-sitting.js';
import { unreachable } from '../outbox/paper-store.js';
import { isAnswered, type SittingSnapshot } from '../outbox/snapshot.js';
import type { SittingSync } from '../outbox/sync.js';
import type { PaperItem } from '../paper-model.js';
import { questionPath } from '../steps.js';
import { FocusHeading } from './FocusHeading.js';
import { Palette } from './Palette.js';
import classes from './paper.module.css';

interface SummaryProps {
  olympiadName: string;
  modules: LearnerModule[];
  items: PaperItem[];
  snapshot: SittingSnapshot;
  sync: SittingSync;
  focusKey: string;
  onFinished: () => void;
}

/** Back where the learner was (the last question they opened), else the start. */
function backTo(olympiadName: string, sync: SittingSync): string {
  const position = sync.getPosition();
  return position
    ? questionPath(olympiadName, position.moduleIndex, position.questionIndex)
    : questionPath(olympiadName, 0, 'intro');
}

/** /{o}/olympiad/summary: what is unanswered or flagged, with links back, then hand in (confirmed). */
export function Summary({ olympiadName, modules, items, snapshot, sync, focusKey, onFinished }: SummaryProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const unanswered = items.filter((item) => !isAnswered(snapshot.answers.get(item.question.id)?.value));
  const flagged = items.filter((item) => snapshot.answers.get(item.question.id)?.flagged);
  const unsaved = items.filter((item) => snapshot.unsaved.has(item.question.id));

  const handIn = async () => {
    setBusy(true);
    setProblem(null);
    // When the learner handed in, on the server's clock: what counts if it reaches the server later.
    const givenAt = sync.serverTime();
    const offline = () => !navigator.onLine || sync.getSnapshot().status === 'offline';
    // Every answer must be stored before the attempt closes; offline, they stay here and go first when it returns.
    const settled = await sync.settle(offline() ? 2_000 : 15_000);
    if (!settled) {
      if (offline()) return keepOnDevice(givenAt);
      setBusy(false);
      setProblem('Some answers are not saved yet. Wait a moment, then hand in again.');
      return;
    }
    try {
      await finishSitting(olympiadName, new Date(givenAt).toISOString());
      dialog.current?.close();
      onFinished();
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        dialog.current?.close();
        onFinished();
        return;
      }
      if (unreachable(error)) return keepOnDevice(givenAt);
      setBusy(false);
      setProblem(error instanceof Error ? error.message : 'Something went wrong. Try again.');
    }
  };

  /** The server cannot be reached: the hand-in is kept on this device and sent when the connection returns. */
  const keepOnDevice = async (givenAt: number) => {
    await sync.handInLater(givenAt);
    dialog.current?.close();
    onFinished();
  };

  const link = (item: PaperItem) => (
    <li key={item.question.id}>
      <Link to={questionPath(olympiadName, item.moduleIndex, item.questionIndex)}>
        Question {item.number} <span className={classes.muted}>(section {item.moduleIndex + 1})</span>
      </Link>
    </li>
  );

  return (
    <section className={classes.sheet} aria-labelledby="summary-heading">
      <FocusHeading id="summary-heading" focusKey={focusKey}>
        Check before you hand in
      </FocusHeading>
      <p className={classes.lead}>
        You have answered <strong>{items.length - unanswered.length}</strong> of <strong>{items.length}</strong>{' '}
        questions.
        {unanswered.length === 0 ? ' Well done, every question has an answer.' : null}
      </p>
      {unsaved.length > 0 ? (
        <div className={classes.summaryBlock}>
          <h2 className={classes.summaryTitle}>Not saved: type only a number ({unsaved.length})</h2>
          <ul className={classes.linkList}>{unsaved.map(link)}</ul>
        </div>
      ) : null}
      {unanswered.length > 0 ? (
        <div className={classes.summaryBlock}>
          <h2 className={classes.summaryTitle}>Not answered yet ({unanswered.length})</h2>
          <ul className={classes.linkList}>{unanswered.map(link)}</ul>
        </div>
      ) : null}
      {flagged.length > 0 ? (
        <div className={classes.summaryBlock}>
          <h2 className={classes.summaryTitle}>Flagged for review ({flagged.length})</h2>
          <ul className={classes.linkList}>{flagged.map(link)}</ul>
        </div>
      ) : null}
      <div className={classes.summaryBlock}>
        <h2 className={classes.summaryTitle}>All questions</h2>
        <Palette olympiadName={olympiadName} modules={modules} items={items} answers={snapshot.answers} />
      </div>
      <p className={classes.muted}>
        You can still go back and change any answer until you hand in or the time runs out.
      </p>
      <div className={classes.pager}>
        <Link to={backTo(olympiadName, sync)} className={classes.secondary}>
          Back to the questions
        </Link>
        <button type="button" className={classes.primary} onClick={() => dialog.current?.showModal()}>
          Hand in my answers
        </button>
      </div>

      <dialog ref={dialog} className={classes.dialog} aria-labelledby="finish-title" aria-describedby="finish-text">
        <h2 id="finish-title" className={classes.summaryTitle}>
          Hand in your answers?
        </h2>
        <p id="finish-text">
          {unanswered.length > 0
            ? `You have ${unanswered.length} question${unanswered.length === 1 ? '' : 's'} without an answer. `
            : ''}
          {unsaved.length > 0
            ? `${unsaved.length === 1 ? 'One answer is' : `${unsaved.length} answers are`} not saved because ${unsaved.length === 1 ? 'it is' : 'they are'} not a number; the answer saved before counts. `
            : ''}
          After you hand in, you cannot change your answers.
        </p>
        {problem ? (
          <p className={classes.hintError} role="alert">
            {problem}
          </p>
        ) : null}
        <div className={classes.dialogActions}>
          <button type="button" className={classes.secondary} onClick={() => dialog.current?.close()} disabled={busy}>
            Go back
          </button>
          <button type="button" className={classes.primary} onClick={() => void handIn()} disabled={busy}>
            {busy ? 'Handing in…' : 'Yes, hand in'}
          </button>
        </div>
      </dialog>
    </section>
  );
}
