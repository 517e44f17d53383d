import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { Paper, SittingState } from '#contract/index';
import { isApiError } from '../../../lib/api/index.js';
import { useSessionUser } from '../../../lib/session/use-session.js';
import { sendHeartbeat } from '../api/send-heartbeat.js';
import { sittingKeys } from '../api/keys.js';
import { usePaper } from '../api/get-paper.js';
import { AnswerInput, drawsOwnPicture, emptyAnswer } from '../../../components/answers/AnswerInput.js';
import { FocusHeading } from '../components/FocusHeading.js';
import { Palette } from '../components/Palette.js';
import classes from '../components/paper.module.css';
import { SaveStatus } from '../components/SaveStatus.js';
import { SittingGate, SittingLoading } from '../components/SittingGate.js';
import { Summary } from '../components/Summary.js';
import { Timer } from '../components/Timer.js';
import { keepPictures } from '../outbox/pictures.js';
import { isAnswered } from '../outbox/snapshot.js';
import { sittingSync, type SittingSync } from '../outbox/sync.js';
import { flatten, type PaperItem } from '../paper-model.js';
import { olympiadPath, questionPath, summaryPath } from '../steps.js';
import { QuestionImage, withPhoneImages } from '../../../components/phone-images.js';
import { afterFirstView, firstViewShown, picturesIn } from '../../../lib/after-first-view.js';

const HEARTBEAT_MS = 60_000;

/** /{o}/olympiad/{moduleIndex}/{questionIndex|intro} and /{o}/olympiad/summary: the questions. */
export default function PaperPage() {
  return (
    <SittingGate page="questions">
      {(state, olympiadName) => <PaperLoader state={state} olympiadName={olympiadName} />}
    </SittingGate>
  );
}

function PaperLoader({ state, olympiadName }: { state: SittingState; olympiadName: string }) {
  const user = useSessionUser();
  const paper = usePaper(olympiadName, true);
  const sync = useMemo(() => sittingSync(olympiadName, user?.id ?? 0), [olympiadName, user?.id]);
  useEffect(() => {
    const opened = paper.data;
    if (!opened) return;
    void sync.init(opened).then(() => {
      // The pictures go onto the device after the paper is on screen (a reload without the network shows them too).
      if (!opened.onDevice && user) void keepPictures(`${olympiadName}|${user.id}`, opened.paper);
    });
  }, [paper.data, sync, olympiadName, user]);
  if (paper.isError && isApiError(paper.error) && paper.error.status === 409) {
    // Already finished (or time ran out): the finished page says so.
    return <Navigate to={olympiadPath(olympiadName, 'finished')} replace />;
  }
  if (paper.isError) {
    return (
      <div className={classes.problem} role="alert">
        <h1 className={classes.problemTitle}>We could not load the questions</h1>
        <p>{paper.error.message}</p>
        <p>Check your connection and try again. Answers you already gave are kept.</p>
        <button type="button" className={classes.primary} onClick={() => void paper.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!paper.data) return <SittingLoading label="Loading your questions…" />;
  return <PaperView paper={paper.data.paper} sync={sync} state={state} olympiadName={olympiadName} />;
}

const roomyQuery = '(min-width: 62em) and (min-height: 40em)';

/** Whether the screen has room to keep the question palette open beside the reading (a laptop, not a phone). */
function useRoomForPalette(): boolean {
  const [roomy] = useState(() => typeof window !== 'undefined' && window.matchMedia(roomyQuery).matches);
  return roomy;
}

interface PaperViewProps {
  paper: Paper;
  sync: SittingSync;
  state: SittingState;
  olympiadName: string;
}

function PaperView({ paper, sync, state, olympiadName }: PaperViewProps) {
  const params = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snapshot = useSyncExternalStore(sync.subscribe, sync.getSnapshot);
  const items = useMemo(() => flatten(paper.modules), [paper.modules]);
  // Where there is room (a laptop), the palette is open from the start and stays open after a pick; on a phone it
  // is one tap away and closes once a question is picked.
  const roomy = useRoomForPalette();
  const [paletteOpen, setPaletteOpen] = useState(roomy);

  const summary = params.moduleIndex === undefined;
  const moduleIndex = Number(params.moduleIndex ?? 0);
  // /{m}/intro has no questionIndex param (its own route).
  const intro = !summary && (params.questionIndex === undefined || params.questionIndex === 'intro');
  const questionIndex = intro ? -1 : Number(params.questionIndex ?? 0);
  const module = paper.modules[moduleIndex];
  const position = useMemo(
    () => ({ moduleIndex, questionIndex: Math.max(0, questionIndex) }),
    [moduleIndex, questionIndex],
  );
  const item =
    !summary && !intro
      ? items.find((i) => i.moduleIndex === moduleIndex && i.questionIndex === questionIndex)
      : undefined;
  const valid = summary || intro || item !== undefined;

  useEffect(() => {
    if (!summary) sync.setPosition(position);
  }, [sync, position, summary]);

  // The finished page is fetched ahead, so that it opens even if the network is gone when time runs out: once the
  // first question and its pictures are shown, as on a thin line they come first (decision 088).
  useEffect(() => {
    afterFirstView(() => void import('./FinishedPage.js'));
    firstViewShown(picturesIn(document));
  }, []);

  const toFinished = useCallback(() => {
    // What is still on the device (a hand-in or the time running out offline) is kept before the page moves on.
    void sync.finished().then(() => {
      void queryClient.invalidateQueries({ queryKey: sittingKeys.all });
      void navigate(olympiadPath(olympiadName, 'finished'), { replace: true, state: { timeUp: true } });
    });
  }, [sync, queryClient, olympiadName, navigate]);

  // Heartbeat: "still writing, here" once a minute; it also brings extra time and an admin's close.
  useEffect(() => {
    const beat = async () => {
      const result = await sendHeartbeat(state.olympiad.id, sync.getPosition());
      if (!result) return;
      if (result.finished) toFinished();
      else if (result.deadlineAt) sync.updateDeadline(Date.parse(result.deadlineAt), Date.parse(result.serverNow));
    };
    void beat();
    const id = setInterval(() => void beat(), HEARTBEAT_MS);
    return () => clearInterval(id);
  }, [state.olympiad.id, sync, toFinished]);

  const answered = items.filter((i) => isAnswered(snapshot.answers.get(i.question.id)?.value));
  const answeredCount = answered.length;
  const reached = answered.filter((i) => !snapshot.pendingIds.has(i.question.id)).length;

  // The server refused answers because the attempt is over.
  useEffect(() => {
    if (snapshot.closed) toFinished();
  }, [snapshot.closed, toFinished]);

  const onTimeUp = useCallback(() => {
    // Give the last answers a moment to arrive (the server keeps what came before the deadline).
    void sync.settle(3000).then(toFinished);
  }, [sync, toFinished]);

  // Wait for the merge of saved and unsent answers, so typed answers show what the learner gave.
  if (!snapshot.ready) return <SittingLoading label="Loading your answers…" />;
  if (!valid || !module) return <Navigate to={questionPath(olympiadName, 0, 'intro')} replace />;
  const previousModule = paper.modules[moduleIndex - 1];

  const index = item ? items.indexOf(item) : -1;
  const prevItem: PaperItem | undefined = index > 0 ? items[index - 1] : undefined;
  const nextItem: PaperItem | undefined = index >= 0 ? items[index + 1] : undefined;
  const prevHref = intro
    ? previousModule
      ? questionPath(olympiadName, moduleIndex - 1, previousModule.questions.length - 1)
      : null
    : item && item.questionIndex === 0
      ? questionPath(olympiadName, moduleIndex, 'intro')
      : prevItem
        ? questionPath(olympiadName, prevItem.moduleIndex, prevItem.questionIndex)
        : null;
  const nextHref = intro
    ? module.questions.length > 0
      ? questionPath(olympiadName, moduleIndex, 0)
      : moduleIndex + 1 < paper.modules.length
        ? questionPath(olympiadName, moduleIndex + 1, 'intro')
        : summaryPath(olympiadName)
    : nextItem
      ? nextItem.moduleIndex !== moduleIndex
        ? questionPath(olympiadName, nextItem.moduleIndex, 'intro')
        : questionPath(olympiadName, nextItem.moduleIndex, nextItem.questionIndex)
      : summaryPath(olympiadName);
  const nextLabel = intro
    ? 'Start this section'
    : nextItem
      ? nextItem.moduleIndex !== moduleIndex
        ? 'Next section'
        : 'Next'
      : 'Review and finish';

  const focusKey = summary ? 'summary' : `${moduleIndex}/${intro ? 'intro' : questionIndex}`;
  const answer = item ? snapshot.answers.get(item.question.id) : undefined;
  const keptElsewhere = item ? snapshot.keptElsewhere.get(item.question.id) : undefined;
  const promptId = item ? `prompt-${item.question.id}` : 'prompt';

  return (
    <div className={classes.paper}>
      <div className={classes.bar}>
        {snapshot.deadlineAt !== null ? (
          <Timer deadlineAt={snapshot.deadlineAt} clockOffset={snapshot.clockOffset} onTimeUp={onTimeUp} />
        ) : null}
        <SaveStatus
          status={snapshot.status}
          pending={snapshot.pendingCount}
          unsaved={items.filter((i) => snapshot.unsaved.has(i.question.id)).map((i) => i.number)}
          onDevice={snapshot.onDevice}
          reached={reached}
        />
        <button
          type="button"
          className={classes.paletteToggle}
          aria-expanded={paletteOpen}
          aria-controls="question-palette"
          onClick={() => setPaletteOpen((open) => !open)}
        >
          {paletteOpen ? 'Hide questions' : 'Questions'}
          <span className={classes.paletteCount}>
            {answeredCount}/{items.length}
          </span>
        </button>
      </div>

      {paletteOpen ? (
        <div id="question-palette" className={classes.palettePanel}>
          <Palette
            olympiadName={olympiadName}
            modules={paper.modules}
            items={items}
            answers={snapshot.answers}
            current={item}
            onPick={() => setPaletteOpen(roomy)}
          />
          <Link to={summaryPath(olympiadName)} className={classes.secondary} onClick={() => setPaletteOpen(roomy)}>
            Review and finish
          </Link>
        </div>
      ) : null}

      {summary ? (
        <Summary
          olympiadName={olympiadName}
          modules={paper.modules}
          items={items}
          snapshot={snapshot}
          sync={sync}
          focusKey={focusKey}
          onFinished={toFinished}
        />
      ) : intro ? (
        <section className={classes.sheet} aria-labelledby="module-heading">
          <div className={classes.eyebrowRow}>
            Section {moduleIndex + 1} of {paper.modules.length}
          </div>
          <FocusHeading id="module-heading" focusKey={focusKey}>
            {module.title}
          </FocusHeading>
          {module.intro ? <div className={classes.rich} dangerouslySetInnerHTML={{ __html: module.intro }} /> : null}
          <p className={classes.muted}>
            {module.questions.length} question{module.questions.length === 1 ? '' : 's'} in this section.
          </p>
        </section>
      ) : item ? (
        <section className={classes.sheet} aria-labelledby="question-heading">
          <div className={classes.eyebrowRow}>
            Section {moduleIndex + 1}: {module.title}
          </div>
          <div className={classes.questionHead}>
            <FocusHeading id="question-heading" focusKey={focusKey}>
              Question {item.number} <span className={classes.of}>of {items.length}</span>
            </FocusHeading>
            <span className={classes.marks}>
              {item.question.marks} mark{item.question.marks === 1 ? '' : 's'}
            </span>
          </div>
          <div
            id={promptId}
            className={classes.rich}
            dangerouslySetInnerHTML={{ __html: withPhoneImages(item.question.prompt) }}
          />
          {item.question.imageUrl && !drawsOwnPicture(item.question.type) ? (
            <QuestionImage
              className={classes.questionImage}
              src={item.question.imageUrl}
              alt={item.question.imageAlt}
              width={item.question.imageWidth ?? undefined}
              height={item.question.imageHeight ?? undefined}
              // paper.module.css .questionImage: at most 60vh tall.
              fitHeight="60vh"
            />
          ) : null}
          {keptElsewhere ? (
            <p className={classes.muted} role="note">
              You gave a later answer to this question on another device. That answer is the one kept, and it is shown
              here. You can still change it.
            </p>
          ) : null}
          <AnswerInput
            // A later answer from another device replaces what the fields hold.
            key={`${item.question.id}|${keptElsewhere ?? ''}`}
            question={item.question}
            value={answer?.value}
            promptId={promptId}
            onChange={(value, options) => sync.setAnswer(item.question.id, value, options)}
            unsaved={snapshot.unsaved.get(item.question.id)}
            onUnsaved={(text) => sync.setUnsaved(item.question.id, text)}
          />
          <button
            type="button"
            className={`${classes.flag} ${answer?.flagged ? classes.flagOn : ''}`}
            aria-pressed={answer?.flagged ?? false}
            onClick={() => sync.setFlag(item.question.id, emptyAnswer(item.question.type), !(answer?.flagged ?? false))}
          >
            <span aria-hidden="true">⚑</span> {answer?.flagged ? 'Flagged for review' : 'Flag for review'}
          </button>
        </section>
      ) : null}

      {!summary ? (
        <nav className={classes.pager} aria-label="Question navigation">
          {prevHref ? (
            <Link to={prevHref} className={classes.secondary}>
              <span aria-hidden="true">←</span> Previous
            </Link>
          ) : (
            <span />
          )}
          <Link to={nextHref} className={classes.primary}>
            {nextLabel} <span aria-hidden="true">→</span>
          </Link>
        </nav>
      ) : null}
    </div>
  );
}
