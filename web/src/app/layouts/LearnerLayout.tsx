import { Group, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { useSessionUser } from '../../lib/session/index.js';
import { Brand } from '../shell/Brand.js';
import { ImpersonationBanner } from '../shell/ImpersonationBanner.js';
import { SignOutButton } from '../shell/SignOutButton.js';
import { MAIN_ID } from '../shell/SkipLink.js';
import classes from './layouts.module.css';
import { MaintenanceBanner } from '../../components/MaintenanceBanner.js';

/** The learner's flow: light, phone first, nothing but the olympiad. */
export function LearnerLayout() {
  const user = useSessionUser();
  return (
    <div className={classes.learnerPage}>
      <MaintenanceBanner />
      <ImpersonationBanner />
      <header className={classes.learnerHeader}>
        <Group h={56} px="md" justify="space-between" wrap="nowrap" maw={960} mx="auto">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Brand to={user?.home ?? '/'} compact />
            <Text fw={600} size="sm" truncate>
              {user?.name}
            </Text>
          </Group>
          {user ? <SignOutButton /> : null}
        </Group>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className={classes.learnerMain}>
        <Outlet />
      </main>
    </div>
  );
}
