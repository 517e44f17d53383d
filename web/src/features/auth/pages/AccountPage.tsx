import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SessionUser } from '#contract/index';
import { PageHeader } from '../../../components/PageHeader.js';
import { api } from '../../../lib/api/index.js';
import { useT } from '../../../lib/i18n/index.js';
import { goHome, storeUser, useSessionUser } from '../../../lib/session/index.js';
import { SignedInSessionsCard } from '../components/SignedInSessionsCard.js';
import { TwoFactorCard } from '../components/TwoFactorCard.js';

/**
 * /my-account: a staff user's own account: two-factor sign-in (decision 106) and signed-in sessions (decision 107). A
 * session of a role that must use two-factor sign-in, before enrolling, can open only this page; once enrolled, the server has widened the session, so the stored session
 * answer is read again (GET /api/auth/me) and, when the codes are put away, the user goes to their home.
 */
export function AccountPage() {
  const t = useT();
  const user = useSessionUser();
  const navigate = useNavigate();
  const [enrolling] = useState(user?.twoFactorEnrolment === true);
  const [widened, setWidened] = useState<SessionUser | null>(null);
  return (
    <>
      <PageHeader title={t('portal.twoFactor.pageTitle')} description={t('portal.twoFactor.pageDescription')} />
      {enrolling ? (
        <Alert color="orange" variant="light" maw={640} role="status">
          {t('portal.twoFactor.enrolFirst')}
        </Alert>
      ) : null}
      <TwoFactorCard
        onEnrolled={async () => {
          if (!enrolling) return;
          const fresh = await api.get('/api/auth/me', { schema: SessionUser });
          storeUser(fresh);
          setWidened(fresh);
        }}
        onCodesSaved={() => {
          if (widened) goHome(widened, navigate);
        }}
      />
      {/* Where else the account is signed in (decision 107); an enrolment-only session may read nothing else. */}
      {enrolling ? null : <SignedInSessionsCard />}
    </>
  );
}
