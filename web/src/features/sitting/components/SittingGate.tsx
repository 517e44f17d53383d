import { lazy, type ReactNode, Suspense, useCallback, useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import type { SittingState } from '#contract/index';
import { useSittingState } from '../api/get-sitting-state.js';
import classes from '../sitting.module.css';
import { pageAllowed, stepPath, type SittingPage } from '../steps.js';
import paper from './paper.module.css';
import { formatDate } from '../../../lib/dates.js';
import { activeLocale, prepareLocale, useT } from '../../../lib/i18n/index.js';
import { sittingLanguage, speak } from '../language/language.js';

/**
 * The waiting room, only when many learners arrive at once (decision 041): loaded with its words then, so the question
 * page's first load does not carry them (decision 090).
 */
const WaitingRoom = lazy(async () => {
  const [page] = await Promise.all([import('./WaitingRoom.js'), prepareLocale(activeLocale(), ['sitting'])]);
  return { default: page.WaitingRoom };
});

interface SittingGateProps {
  page: SittingPage;
  children: (state: SittingState, olympiadName: string) => ReactNode;
  /** Shown instead of redirecting when this returns true (e.g. the PIN page while its PIN is on screen). */
  hold?: boolean;
}

/**
 * Every learner page first asks GET /api/sitting/{o}/state and goes to the step the learner is really at:
 * a deep link never skips a step, and a resumed session opens where the learner was.
 */
export function SittingGate({ page, children, hold = false }: SittingGateProps) {
  const { olympiadName = '' } = useParams();
  const t = useT();
  const state = useSittingState(olympiadName);
  const { refetch } = state;
  const admitted = useCallback(() => void refetch(), [refetch]);
  // The whole page speaks the learner's language once the sitting says which (decision 091).
  const language = state.data ? sittingLanguage(state.data) : null;
  useEffect(() => {
    if (language) void speak(language);
  }, [language]);

  if (state.isError && !state.data) {
    return (
      <div className={classes.gateStack}>
        <h1 className={classes.gateTitle}>{t('learner.gate.loadFailed')}</h1>
        <div className={classes.alert} role="alert">
          {state.error.message}
        </div>
        <p className={classes.gateText}>{t('learner.gate.loadFailedText')}</p>
        <div>
          <button
            type="button"
            className={paper.primary}
            onClick={() => void state.refetch()}
            disabled={state.isFetching}
            aria-busy={state.isFetching || undefined}
          >
            {t('learner.tryAgain')}
          </button>
        </div>
      </div>
    );
  }
  if (!state.data) return <SittingLoading />;
  const data = state.data;
  // Many learners arrived at once: this one waits for their turn before any step (decision 041).
  if (data.waiting && data.step !== 'finished' && data.step !== 'questions') {
    return (
      <Suspense fallback={<SittingLoading />}>
        <WaitingRoom state={data} olympiadName={olympiadName} onAdmitted={admitted} />
      </Suspense>
    );
  }
  const allowed = pageAllowed(page, data);
  if (!allowed && !hold) {
    // Decide on a fresh answer only: a cached one may be a step behind.
    if (!state.isFetchedAfterMount) return <SittingLoading />;
    return <Navigate to={stepPath(olympiadName, data)} replace />;
  }
  if (!data.window.open && data.step !== 'finished' && data.step !== 'questions') {
    return <WindowClosed state={data} />;
  }
  return <>{children(data, olympiadName)}</>;
}

export function SittingLoading({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className={classes.loading} role="status">
      <span className={classes.spinner} aria-hidden="true" />
      <p className={classes.dimmed}>{label ?? t('learner.gate.loading')}</p>
    </div>
  );
}

function when(iso: string | null, zone: string): string | null {
  return iso ? formatDate(iso, 'fullDateTime', '', zone) : null;
}

function WindowClosed({ state }: { state: SittingState }) {
  const t = useT();
  const opens = when(state.window.startsAt, state.learner.timeZone);
  return (
    <div className={classes.gateStack}>
      <h1 className={classes.gateTitle}>{t('learner.gate.closed', { title: state.olympiad.title })}</h1>
      <p className={classes.gateLead}>
        {state.window.message ??
          (opens
            ? t('learner.gate.opensOn', { when: opens })
            : t('learner.gate.opensLater', { kind: state.olympiad.kind ?? 'school' }))}
      </p>
      <p className={classes.dimmed}>{t('learner.gate.closedText')}</p>
    </div>
  );
}
