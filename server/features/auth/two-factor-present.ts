import type { SessionUser } from '#contract/auth';

/** The page where a staff user sets two-factor sign-in up (web/src/features/auth, route `auth.account`). */
export const ENROL_PAGE = '/my-account';

/** An enrolment session's answer: flagged, and landing on the enrolment page (decision 106). */
export const asEnrolment = (session: SessionUser): SessionUser => ({
  ...session,
  home: ENROL_PAGE,
  twoFactorEnrolment: true,
});
