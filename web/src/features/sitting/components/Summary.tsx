import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { LearnerModule } from '#contract/index';
import { isApiError } from '../../../lib/api/index.js';
import { T, useT } from '../../../lib/i18n/index.js';
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
  const t = useT();
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
      setProblem(t('learner.summary.notSavedYet'));
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
      setProblem(error instanceof Error ? error.message : t('learner.summary.wentWrong'));
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
        {t('learner.summary.question', { number: item.number })}{' '}
        <span className={classes.muted}>{t('learner.summary.inSection', { number: item.moduleIndex + 1 })}</span>
      </Link>
    </li>
  );

  return (
    <section className={classes.sheet} aria-labelledby="summary-heading">
      <FocusHeading id="summary-heading" focusKey={focusKey}>
        {t('learner.summary.heading')}
      </FocusHeading>
      <p className={classes.lead}>
        <T
          id="learner.summary.answered"
          values={{ answered: items.length - unanswered.length, count: items.length }}
          components={{ 0: <strong />, 1: <strong /> }}
        />
        {unanswered.length === 0 ? ` ${t('learner.summary.allAnswered')}` : null}
      </p>
      {unsaved.length > 0 ? (
        <div className={classes.summaryBlock}>
          <h2 className={classes.summaryTitle}>{t('learner.summary.unsaved', { count: unsaved.length })}</h2>
          <ul className={classes.linkList}>{unsaved.map(link)}</ul>
        </div>
      ) : null}
      {unanswered.length > 0 ? (
        <div className={classes.summaryBlock}>
          <h2 className={classes.summaryTitle}>{t('learner.summary.unanswered', { count: unanswered.length })}</h2>
          <ul className={classes.linkList}>{unanswered.map(link)}</ul>
        </div>
      ) : null}
      {flagged.length > 0 ? (
        <div className={classes.summaryBlock}>
          <h2 className={classes.summaryTitle}>{t('learner.summary.flagged', { count: flagged.length })}</h2>
          <ul className={classes.linkList}>{flagged.map(link)}</ul>
        </div>
      ) : null}
      <div className={classes.summaryBlock}>
        <h2 className={classes.summaryTitle}>{t('learner.palette.all')}</h2>
        <Palette olympiadName={olympiadName} modules={modules} items={items} answers={snapshot.answers} />
      </div>
      <p className={classes.muted}>{t('learner.summary.canChange')}</p>
      <div className={classes.pager}>
        <Link to={backTo(olympiadName, sync)} className={classes.secondary}>
          {t('learner.summary.back')}
        </Link>
        <button type="button" className={classes.primary} onClick={() => dialog.current?.showModal()}>
          {t('learner.summary.handIn')}
        </button>
      </div>

      <dialog ref={dialog} className={classes.dialog} aria-labelledby="finish-title" aria-describedby="finish-text">
        <h2 id="finish-title" className={classes.summaryTitle}>
          {t('learner.summary.confirmTitle')}
        </h2>
        <p id="finish-text">
          {unanswered.length > 0 ? `${t('learner.summary.withoutAnswer', { count: unanswered.length })} ` : ''}
          {unsaved.length > 0 ? `${t('learner.summary.notANumber', { count: unsaved.length })} ` : ''}
          {t('learner.summary.final')}
        </p>
        {problem ? (
          <p className={classes.hintError} role="alert">
            {problem}
          </p>
        ) : null}
        <div className={classes.dialogActions}>
          <button type="button" className={classes.secondary} onClick={() => dialog.current?.close()} disabled={busy}>
            {t('learner.summary.goBack')}
          </button>
          <button type="button" className={classes.primary} onClick={() => void handIn()} disabled={busy}>
            {busy ? t('learner.summary.handingIn') : t('learner.summary.yes')}
          </button>
        </div>
      </dialog>
    </section>
  );
}
