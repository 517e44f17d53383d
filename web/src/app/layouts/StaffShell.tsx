import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure, useElementSize } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useParams } from 'react-router';
import { useCurrentRoute } from '../../lib/routing/index.js';
import { useSessionUser } from '../../lib/session/index.js';
import { Brand } from '../shell/Brand.js';
import { ImpersonationBanner } from '../shell/ImpersonationBanner.js';
import { useRouteOlympiad } from '../../lib/public-api/use-route-olympiad.js';
import { sidebarFor } from '../shell/nav.js';
import { SidebarNav } from '../shell/SidebarNav.js';
import { SignOutButton } from '../shell/SignOutButton.js';
import { MAIN_ID } from '../shell/SkipLink.js';
import { UserBadge } from '../shell/UserBadge.js';
import classes from './layouts.module.css';
import { useT } from '../../lib/i18n/index.js';
import { MaintenanceBanner } from '../../components/MaintenanceBanner.js';

const BAR_HEIGHT = 60;

interface StaffShellProps {
  layout: 'overlord' | 'main' | 'portal';
  /** The name of the sidebar's navigation landmark. */
  navLabel: string;
  /** What area this is, beside the brand. */
  context: ReactNode;
  /** More of the header before the user's name (the portal's language). */
  actions?: ReactNode;
}

/** The signed-in back-office frame: header, a sidebar of the user's pages (a drawer on phones), main. */
export function StaffShell({ layout, navLabel, context, actions }: StaffShellProps) {
  // The back office reads these in English (its layouts stay English); the portal in the teacher's language.
  const t = useT();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { ref: bannerRef, height: bannerHeight } = useElementSize();
  const user = useSessionUser();
  const route = useCurrentRoute();
  const params = useParams();
  const { pathname } = useLocation();
  const { olympiad } = useRouteOlympiad();
  const title = layout === 'portal' ? olympiad?.title : undefined;
  const groups = user ? sidebarFor(layout, user, route, params, title, olympiad?.kind) : [];

  useEffect(close, [pathname, close]);

  return (
    <AppShell
      header={{ height: BAR_HEIGHT + Math.round(bannerHeight) }}
      navbar={{ width: 264, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <div ref={bannerRef}>
          <MaintenanceBanner />
          <ImpersonationBanner />
        </div>
        <Group h={BAR_HEIGHT} px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? t('portal.shell.closeNav') : t('portal.shell.openNav')}
              aria-expanded={opened}
              aria-controls="sidebar"
            />
            <Brand to={user?.home ?? '/'} compact />
            <div className={classes.context}>{context}</div>
          </Group>
          <Group gap="md" wrap="nowrap">
            {actions}
            <UserBadge />
            <SignOutButton />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="sidebar" className={classes.navbar}>
        <SidebarNav label={navLabel} groups={groups} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <div className={classes.content}>
          <Outlet />
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
