import { useEffect, useRef, useState, type ReactNode } from 'react';
import { isRouteErrorResponse, Link, Navigate, Outlet, useLocation, useNavigate, useRouteError } from 'react-router';
import { SkipLink, MAIN_ID } from '../app/shell/SkipLink.js';
import { NavigationEffects } from '../app/shell/NavigationEffects.js';
import { LogoMark } from '../components/icons.js';
import { configureApiEffects, type NoticeKind, useGlobalLoading } from '../lib/api/index.js';
import { allowsRole, useCurrentRoute } from '../lib/routing/index.js';
import { useSessionUser } from '../lib/session/use-session.js';
import classes from './learner.module.css';
import { isLeaving, useLearnerLogout, useLearnerStopImpersonating } from './session.js';
import { MaintenanceBanner } from '../components/MaintenanceBanner.js';

/**
 * The learner page's root: the app shell's Root without Mantine, its notifications and tooltips (their
 * libraries weigh more than the question page itself, decision 016). The API client's messages show
 * in one quiet live region.
 */
export function LearnerRoot() {
  const navigate = useNavigate();
  const [message, setMessage] = useState<{ kind: NoticeKind; text: string; title?: string } | null>(null);
  useEffect(() => {
    configureApiEffects({
      toLogin: () => void navigate('/login', { replace: true }),
      notify: (kind, text, title) => setMessage({ kind, text, ...(title ? { title } : {}) }),
    });
  }, [navigate]);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), message.kind === 'error' ? 8000 : 4000);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <>
      <SkipLink />
      <NavigationEffects />
      <GlobalLoader />
      <div className={classes.notices} role="status" aria-live="polite">
        {message ? (
          <div className={message.kind === 'error' ? classes.error : classes.success}>
            <strong>{message.title ?? (message.kind === 'error' ? 'Something went wrong' : 'Done')}</strong>{' '}
            {message.text}
          </div>
        ) : null}
      </div>
      <Outlet />
    </>
  );
}

/** The loader of generic posts (docs/spec.md §4): a bar at the top of the window while they run. */
function GlobalLoader() {
  const loading = useGlobalLoading();
  return (
    <div role="status" aria-live="polite">
      {loading ? (
        <>
          <div className={classes.loaderBar} />
          <span className={classes.visuallyHidden}>Working…</span>
        </>
      ) : null}
    </div>
  );
}

/** The guard of docs/spec.md §6 for the learner's routes: a signed-in user of a role the route allows, else /login. */
export function LearnerGuard({ children }: { children: ReactNode }) {
  const route = useCurrentRoute();
  const user = useSessionUser();
  // Signing out goes to its own address (during a sitting, the olympiad's sign-in page) by a full page load.
  if (!user && isLeaving()) return <FirstLoad />;
  if (!user || (route && !allowsRole(route, user.role))) return <Navigate to="/login" replace />;
  return children;
}

/** The learner's flow: light, phone first, nothing but the olympiad (the app's LearnerLayout, lighter). */
export function LearnerShell() {
  const user = useSessionUser();
  return (
    <div className={classes.page}>
      <MaintenanceBanner />
      <ImpersonationBanner />
      <header className={classes.header}>
        <div className={classes.headerRow}>
          <div className={classes.who}>
            <Link to={user?.home ?? '/'} reloadDocument aria-label="Olympus home" className={classes.brand}>
              <LogoMark size={32} />
              <span className={classes.brandWord}>Olympus</span>
            </Link>
            <span className={classes.name}>{user?.name}</span>
          </div>
          {user ? <SignOut /> : null}
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
    </div>
  );
}

/** The olympiad and the step of a learner page's address (`/{olympiadName}/olympiad/{step…}`). */
const SITTING_PAGE = /^\/([^/]+)\/olympiad\/([^/]+)/;

/**
 * Sign out. During a sitting (any learner page but the finished one) it asks first, says what signing out means
 * and ends on the olympiad's own sign-in page, where the recovery PIN gets the learner back in.
 */
function SignOut() {
  const { pathname } = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const sitting = SITTING_PAGE.exec(pathname);
  const olympiadName = sitting ? decodeURIComponent(sitting[1]!) : null;
  const during = sitting != null && sitting[2] !== 'finished';
  const logout = useLearnerLogout(during && olympiadName ? olympiadName : null);
  const busy = logout.isPending;
  return (
    <>
      <button
        type="button"
        className={classes.buttonDefault}
        onClick={() => (during ? dialog.current?.showModal() : logout.mutate())}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-haspopup={during ? 'dialog' : undefined}
      >
        Sign out
      </button>
      {during ? (
        <dialog ref={dialog} className={classes.dialog} aria-labelledby="sign-out-title">
          <h2 id="sign-out-title" className={classes.dialogTitle}>
            Sign out of the olympiad?
          </h2>
          <p>
            Everything the page says is saved stays saved. If you have started the questions, your time keeps running.
          </p>
          <p>
            To carry on, sign in again with your password, or with your username and the <strong>recovery PIN</strong>{' '}
            you wrote down.
          </p>
          <div className={classes.row}>
            <button type="button" className={classes.buttonDefault} onClick={() => dialog.current?.close()} autoFocus>
              Keep writing
            </button>
            <button
              type="button"
              className={classes.button}
              onClick={() => logout.mutate()}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              Sign out
            </button>
          </div>
        </dialog>
      ) : null}
    </>
  );
}

/** Shown while an admin or the overlord acts as this learner. */
function ImpersonationBanner() {
  const user = useSessionUser();
  const stop = useLearnerStopImpersonating();
  if (!user?.impersonator) return null;
  return (
    <div className={classes.banner} role="region" aria-label="Acting as another user">
      <span>
        You are acting as {user.name} ({user.username})
      </span>
      <button type="button" className={classes.bannerButton} onClick={() => stop.mutate()} disabled={stop.isPending}>
        Return to my account
      </button>
    </div>
  );
}

/**
 * While the first page's own bundle loads. The word is on screen a round trip before the page's own text: on slow 4G
 * that is the learner's first sign of the page (decision 088).
 */
export function FirstLoad() {
  return (
    <div className={classes.firstLoad} role="status">
      <span className={classes.spinner} aria-hidden="true" />
      <span className={classes.firstLoadText}>Loading…</span>
    </div>
  );
}

/** When a page fails to render or to load (e.g. after an update, an old bundle is gone). */
export function LearnerError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className={classes.problem}>
      <h1>{notFound ? 'Page not found' : 'This page could not be shown'}</h1>
      <p>
        {notFound
          ? 'There is no page at this address.'
          : 'Something went wrong while loading this page. Reloading usually helps; if it does not, please try again later.'}
      </p>
      <div className={classes.row}>
        <button type="button" className={classes.button} onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <a href="/" className={classes.buttonDefault}>
          Go to the home page
        </a>
      </div>
    </div>
  );
}
