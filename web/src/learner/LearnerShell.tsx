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
import { T, useT } from '../lib/i18n/index.js';
import { HeaderLanguage } from '../features/sitting/routes.js';

/**
 * The learner page's root: the app shell's Root without Mantine, its notifications and tooltips (their
 * libraries weigh more than the question page itself, decision 016). The API client's messages show
 * in one quiet live region.
 */
export function LearnerRoot() {
  const t = useT();
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
            <strong>
              {message.title ?? (message.kind === 'error' ? t('learner.notice.error') : t('learner.notice.done'))}
            </strong>{' '}
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
  const t = useT();
  const loading = useGlobalLoading();
  return (
    <div role="status" aria-live="polite">
      {loading ? (
        <>
          <div className={classes.loaderBar} />
          <span className={classes.visuallyHidden}>{t('learner.working')}</span>
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
  const t = useT();
  const user = useSessionUser();
  return (
    <div className={classes.page}>
      <MaintenanceBanner />
      <ImpersonationBanner />
      <header className={classes.header}>
        <div className={classes.headerRow}>
          <div className={classes.who}>
            <Link to={user?.home ?? '/'} reloadDocument aria-label={t('learner.home')} className={classes.brand}>
              <LogoMark size={32} />
              <span className={classes.brandWord}>Olympus</span>
            </Link>
            <span className={classes.name}>{user?.name}</span>
          </div>
          <div className={classes.actions}>
            <HeaderLanguage />
            {user ? <SignOut /> : null}
          </div>
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
  const t = useT();
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
        {t('learner.signOut')}
      </button>
      {during ? (
        <dialog ref={dialog} className={classes.dialog} aria-labelledby="sign-out-title">
          <h2 id="sign-out-title" className={classes.dialogTitle}>
            {t('learner.signOut.title')}
          </h2>
          <p>{t('learner.signOut.saved')}</p>
          <p>
            <T id="learner.signOut.again" components={{ 0: <strong /> }} />
          </p>
          <div className={classes.row}>
            <button type="button" className={classes.buttonDefault} onClick={() => dialog.current?.close()} autoFocus>
              {t('learner.signOut.keepWriting')}
            </button>
            <button
              type="button"
              className={classes.button}
              onClick={() => logout.mutate()}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {t('learner.signOut')}
            </button>
          </div>
        </dialog>
      ) : null}
    </>
  );
}

/** Shown while an admin or the overlord acts as this learner. */
function ImpersonationBanner() {
  const t = useT();
  const user = useSessionUser();
  const stop = useLearnerStopImpersonating();
  if (!user?.impersonator) return null;
  return (
    <div className={classes.banner} role="region" aria-label={t('learner.actingAs.region')}>
      <span>{t('learner.actingAs', { name: user.name, username: user.username })}</span>
      <button type="button" className={classes.bannerButton} onClick={() => stop.mutate()} disabled={stop.isPending}>
        {t('learner.actingAs.return')}
      </button>
    </div>
  );
}

/**
 * While the first page's own bundle loads. The word is on screen a round trip before the page's own text: on slow 4G
 * that is the learner's first sign of the page (decision 088).
 */
export function FirstLoad() {
  const t = useT();
  return (
    <div className={classes.firstLoad} role="status">
      <span className={classes.spinner} aria-hidden="true" />
      <span className={classes.firstLoadText}>{t('common.loading')}</span>
    </div>
  );
}

/** When a page fails to render or to load (e.g. after an update, an old bundle is gone). */
export function LearnerError() {
  const t = useT();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className={classes.problem}>
      <h1>{notFound ? t('learner.error.notFound') : t('learner.error.title')}</h1>
      <p>{notFound ? t('learner.error.notFoundText') : t('learner.error.text')}</p>
      <div className={classes.row}>
        <button type="button" className={classes.button} onClick={() => window.location.reload()}>
          {t('learner.error.reload')}
        </button>
        <a href="/" className={classes.buttonDefault}>
          {t('learner.error.home')}
        </a>
      </div>
    </div>
  );
}
