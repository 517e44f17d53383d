import { type ReactNode, useCallback } from 'react';
import { Navigate, useParams } from 'react-router';
import type { SittingState } from '#contract/index';
import { unitWords } from '#contract/units';
import { useSittingState } from '../api/get-sitting-state.js';
import classes from '../sitting.module.css';
import { pageAllowed, stepPath, type SittingPage } from '../steps.js';
import paper from './paper.module.css';
import { WaitingRoom } from './WaitingRoom.js';
import { formatDate } from '../../../lib/dates.js';

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
  const state = useSittingState(olympiadName);
  const { refetch } = state;
  const admitted = useCallback(() => void refetch(), [refetch]);

  if (state.isError && !state.data) {
    return (
      <div className={classes.gateStack}>
        <h1 className={classes.gateTitle}>We could not load your olympiad</h1>
        <div className={classes.alert} role="alert">
          {state.error.message}
        </div>
        <p className={classes.gateText}>
          Check that you are connected to the internet, then try again. Nothing you have answered is lost.
        </p>
        <div>
          <button
            type="button"
            className={paper.primary}
            onClick={() => void state.refetch()}
            disabled={state.isFetching}
            aria-busy={state.isFetching || undefined}
          >
            Try again
          </button>
        </div>
      </div>
    );
  }
  if (!state.data) return <SittingLoading />;
  const data = state.data;
  // Many learners arrived at once: this one waits for their turn before any step (decision 041).
  if (data.waiting && data.step !== 'finished' && data.step !== 'questions') {
    return <WaitingRoom state={data} olympiadName={olympiadName} onAdmitted={admitted} />;
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

export function SittingLoading({ label = 'Loading your olympiad…' }: { label?: string }) {
  return (
    <div className={classes.loading} role="status">
      <span className={classes.spinner} aria-hidden="true" />
      <p className={classes.dimmed}>{label}</p>
    </div>
  );
}

function when(iso: string | null, zone: string): string | null {
  return iso ? formatDate(iso, 'fullDateTime', '', zone) : null;
}

function WindowClosed({ state }: { state: SittingState }) {
  const opens = when(state.window.startsAt, state.learner.timeZone);
  return (
    <div className={classes.gateStack}>
      <h1 className={classes.gateTitle}>{state.olympiad.title} is not open right now</h1>
      <p className={classes.gateLead}>
        {state.window.message ??
          (opens
            ? `It opens on ${opens}.`
            : `Your ${unitWords(state.olympiad.kind).manager} will tell you when it opens.`)}
      </p>
      <p className={classes.dimmed}>You can close this page. Sign in again when the olympiad is open.</p>
    </div>
  );
}
