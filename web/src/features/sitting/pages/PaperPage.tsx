import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { Paper, SittingState } from '#contract/index';
import { isApiError } from '../../../lib/api/index.js';
import { useLocale, useT } from '../../../lib/i18n/index.js';
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
import { sittingLanguage } from '../language/language.js';
import { flatten, localisedModule, localisedQuestion, type PaperItem } from '../paper-model.js';
import { olympiadPath, questionPath, summaryPath } from '../steps.js';
import { QuestionImage, withPhoneImages } from '../../../components/phone-images.js';
import { afterFirstView, firstViewShown, picturesIn } from '../../../lib/after-first-view.js';
import { loadRichAnswers } from '../../../components/answers/interactions/lazy.js';

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
  const t = useT();
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
        <h1 className={classes.problemTitle}>{t('learner.paper.loadFailed')}</h1>
        <p>{paper.error.message}</p>
        <p>{t('learner.paper.loadFailedText')}</p>
        <button type="button" className={classes.primary} onClick={() => void paper.refetch()}>
          {t('learner.tryAgain')}
        </button>
      </div>
    );
  }
  if (!paper.data) return <SittingLoading label={t('learner.paper.loading')} />;
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
  const t = useT();
  const params = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snapshot = useSyncExternalStore(sync.subscribe, sync.getSnapshot);
  // The paper in the learner's language (decision 091): the words change, the ids (and so the answers) never do.
  const { locale } = useLocale();
  const language = state.olympiad.languages.includes(locale) ? locale : sittingLanguage(state);
  const own = state.olympiad.defaultLanguage;
  const modules = useMemo(
    () =>
      paper.modules.map((m) => ({
        ...m,
        title: localisedModule(m, language, own).title.value,
        questions: m.questions.map((q) => localisedQuestion(q, language, own).question),
      })),
    [paper.modules, language, own],
  );
  const items = useMemo(() => flatten(modules), [modules]);
  // Where there is room (a laptop), the palette is open from the start and stays open after a pick; on a phone it
  // is one tap away and closes once a question is picked.
  const roomy = useRoomForPalette();
  const [paletteOpen, setPaletteOpen] = useState(roomy);

  const summary = params.moduleIndex === undefined;
  const moduleIndex = Number(params.moduleIndex ?? 0);
  // /{m}/intro has no questionIndex param (its own route).
  const intro = !summary && (params.questionIndex === undefined || params.questionIndex === 'intro');
  const questionIndex = intro ? -1 : Number(params.questionIndex ?? 0);
  const module = modules[moduleIndex];
  const moduleText = paper.modules[moduleIndex] ? localisedModule(paper.modules[moduleIndex], language, own) : null;
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
    afterFirstView(() => void loadRichAnswers());
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
  if (!snapshot.ready) return <SittingLoading label={t('learner.paper.loadingAnswers')} />;
  if (!valid || !module) return <Navigate to={questionPath(olympiadName, 0, 'intro')} replace />;
  const previousModule = modules[moduleIndex - 1];

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
      : moduleIndex + 1 < modules.length
        ? questionPath(olympiadName, moduleIndex + 1, 'intro')
        : summaryPath(olympiadName)
    : nextItem
      ? nextItem.moduleIndex !== moduleIndex
        ? questionPath(olympiadName, nextItem.moduleIndex, 'intro')
        : questionPath(olympiadName, nextItem.moduleIndex, nextItem.questionIndex)
      : summaryPath(olympiadName);
  const nextLabel = intro
    ? t('learner.paper.startSection')
    : nextItem
      ? nextItem.moduleIndex !== moduleIndex
        ? t('learner.paper.nextSection')
        : t('learner.paper.next')
      : t('learner.paper.review');

  const focusKey = summary ? 'summary' : `${moduleIndex}/${intro ? 'intro' : questionIndex}`;
  const answer = item ? snapshot.answers.get(item.question.id) : undefined;
  const keptElsewhere = item ? snapshot.keptElsewhere.get(item.question.id) : undefined;
  const promptId = item ? `prompt-${item.question.id}` : 'prompt';
  // Where a text has no translation, the question's own words show, marked as their language.
  const textLang = item
    ? localisedQuestion(paper.modules[moduleIndex]!.questions[questionIndex]!, language, own).lang
    : { prompt: undefined, answers: undefined };

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
          {paletteOpen ? t('learner.paper.hideQuestions') : t('learner.paper.questions')}
          <span className={classes.paletteCount}>
            {answeredCount}/{items.length}
          </span>
        </button>
      </div>

      {paletteOpen ? (
        <div id="question-palette" className={classes.palettePanel}>
          <Palette
            olympiadName={olympiadName}
            modules={modules}
            items={items}
            answers={snapshot.answers}
            current={item}
            onPick={() => setPaletteOpen(roomy)}
          />
          <Link to={summaryPath(olympiadName)} className={classes.secondary} onClick={() => setPaletteOpen(roomy)}>
            {t('learner.paper.review')}
          </Link>
        </div>
      ) : null}

      {summary ? (
        <Summary
          olympiadName={olympiadName}
          modules={modules}
          items={items}
          snapshot={snapshot}
          sync={sync}
          focusKey={focusKey}
          onFinished={toFinished}
        />
      ) : intro ? (
        <section className={classes.sheet} aria-labelledby="module-heading">
          <div className={classes.eyebrowRow}>
            {t('learner.paper.sectionOf', { number: moduleIndex + 1, count: modules.length })}
          </div>
          <FocusHeading id="module-heading" focusKey={focusKey}>
            <span lang={moduleText?.title.lang}>{module.title}</span>
          </FocusHeading>
          {moduleText?.intro.value ? (
            <div
              className={classes.rich}
              lang={moduleText.intro.lang}
              dangerouslySetInnerHTML={{ __html: moduleText.intro.value }}
            />
          ) : null}
          <p className={classes.muted}>{t('learner.paper.inSection', { count: module.questions.length })}</p>
        </section>
      ) : item ? (
        <section className={classes.sheet} aria-labelledby="question-heading">
          <div className={classes.eyebrowRow}>
            {t('learner.paper.sectionTitle', { number: moduleIndex + 1, title: module.title })}
          </div>
          <div className={classes.questionHead}>
            <FocusHeading id="question-heading" focusKey={focusKey}>
              {t('learner.summary.question', { number: item.number })}{' '}
              <span className={classes.of}>{t('learner.paper.of', { count: items.length })}</span>
            </FocusHeading>
            <span className={classes.marks}>{t('learner.paper.marks', { count: item.question.marks })}</span>
          </div>
          <div
            id={promptId}
            className={classes.rich}
            lang={textLang.prompt}
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
              {t('learner.paper.keptElsewhere')}
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
            textLang={textLang.answers}
          />

          <button
            type="button"
            className={`${classes.flag} ${answer?.flagged ? classes.flagOn : ''}`}
            aria-pressed={answer?.flagged ?? false}
            onClick={() => sync.setFlag(item.question.id, emptyAnswer(item.question.type), !(answer?.flagged ?? false))}
          >
            <span aria-hidden="true">⚑</span> {answer?.flagged ? t('learner.paper.flagged') : t('learner.paper.flag')}
          </button>
        </section>
      ) : null}

      {!summary ? (
        <nav className={classes.pager} aria-label={t('learner.paper.navigation')}>
          {prevHref ? (
            <Link to={prevHref} className={classes.secondary}>
              <span aria-hidden="true">←</span> {t('learner.paper.previous')}
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
