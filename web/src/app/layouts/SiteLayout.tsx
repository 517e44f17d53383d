import { Anchor, Box, Burger, Button, Container, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useT, type MessageId } from '../../lib/i18n/index.js';
import { useSessionUser } from '../../lib/session/index.js';
import { LanguageLinks, useFollowPageLanguage, useLangTo } from '../../features/public/routes.js';
import { Brand } from '../shell/Brand.js';
import { ImpersonationBanner } from '../shell/ImpersonationBanner.js';
import { SignOutButton } from '../shell/SignOutButton.js';
import { MAIN_ID } from '../shell/SkipLink.js';
import classes from './layouts.module.css';
import { MaintenanceBanner } from '../../components/MaintenanceBanner.js';

const links: { to: string; label: MessageId }[] = [
  { to: '/', label: 'public.nav.olympiads' },
  { to: '/olympus/about', label: 'public.nav.about' },
  { to: '/olympus/our-partners', label: 'public.nav.partners' },
  { to: '/olympus/our-users', label: 'public.nav.ourUsers' },
  { to: '/olympus/contact', label: 'public.nav.contact' },
];

/**
 * Public pages: header with the site menu and the language switcher, main, footer. The words are the page's
 * language (decision 092); links keep a `?lang` the visitor chose.
 */
export function SiteLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(close, [pathname, close]);
  useFollowPageLanguage();
  const t = useT();
  const langTo = useLangTo();

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <MaintenanceBanner />
      <ImpersonationBanner />
      <header className={classes.siteHeader}>
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Brand compact />
            <Group component="nav" aria-label={t('public.nav.site')} gap={2} visibleFrom="md">
              {links.map((link) => (
                <NavLink key={link.to} to={langTo(link.to)} end className={classes.navLink}>
                  {t(link.label)}
                </NavLink>
              ))}
            </Group>
            <Group gap="sm" wrap="nowrap">
              <LanguageLinks className={classes.navLink} />
              <AccountActions />
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="md"
                size="sm"
                aria-label={opened ? t('public.nav.closeMenu') : t('public.nav.openMenu')}
                aria-expanded={opened}
              />
            </Group>
          </Group>
        </Container>
      </header>
      <Drawer
        opened={opened}
        onClose={close}
        title={t('public.nav.menu')}
        hiddenFrom="md"
        size="xs"
        position="right"
        closeButtonProps={{ 'aria-label': t('public.nav.closeMenu') }}
      >
        <Stack component="nav" aria-label={t('public.nav.site')} gap={4}>
          {links.map((link) => (
            <NavLink key={link.to} to={langTo(link.to)} end className={classes.navLink}>
              {t(link.label)}
            </NavLink>
          ))}
        </Stack>
      </Drawer>
      <main id={MAIN_ID} tabIndex={-1} className={classes.siteMain}>
        <Container size="lg">
          <Outlet />
        </Container>
      </main>
      <SiteFooter />
    </Box>
  );
}

function AccountActions() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const t = useT();
  if (!user && pathname === '/login') return null;
  if (!user) {
    return (
      <Button component={Link} to="/login" size="sm">
        {t('public.nav.signIn')}
      </Button>
    );
  }
  return (
    <>
      <Button component={Link} to={user.home} size="sm" variant="light" visibleFrom="xs">
        {t('public.nav.myArea')}
      </Button>
      <SignOutButton />
    </>
  );
}

function SiteFooter() {
  const t = useT();
  const langTo = useLangTo();
  return (
    <footer className={classes.footer}>
      <Container size="lg" py={40}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Text fw={800} c="white" size="lg">
              Olympus
            </Text>
            <Text size="sm">{t('public.footer.tagline')}</Text>
          </Stack>
          <Stack gap={6} component="nav" aria-label={t('public.footer.nav')}>
            {links.map((link) => (
              <Anchor key={link.to} component={Link} to={langTo(link.to)} className={classes.footerLink}>
                {t(link.label)}
              </Anchor>
            ))}
          </Stack>
          <Stack gap={6}>
            <Anchor component={Link} to="/login" className={classes.footerLink}>
              {t('public.nav.signIn')}
            </Anchor>
            <Anchor component={Link} to={langTo('/olympus/terms')} className={classes.footerLink}>
              {t('public.footer.terms')}
            </Anchor>
            <Anchor component={Link} to={langTo('/privacy')} className={classes.footerLink}>
              {t('public.footer.privacy')}
            </Anchor>
            <Text size="sm">© {new Date().getFullYear()} Olympus</Text>
          </Stack>
        </SimpleGrid>
      </Container>
    </footer>
  );
}
