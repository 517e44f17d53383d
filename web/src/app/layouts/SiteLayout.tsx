import { Anchor, Box, Burger, Button, Container, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useSessionUser } from '../../lib/session/index.js';
import { Brand } from '../shell/Brand.js';
import { ImpersonationBanner } from '../shell/ImpersonationBanner.js';
import { SignOutButton } from '../shell/SignOutButton.js';
import { MAIN_ID } from '../shell/SkipLink.js';
import classes from './layouts.module.css';
import { MaintenanceBanner } from '../../components/MaintenanceBanner.js';

const links = [
  { to: '/', label: 'Olympiads' },
  { to: '/olympus/about', label: 'About' },
  { to: '/olympus/our-partners', label: 'Partners' },
  { to: '/olympus/our-users', label: 'Our users' },
  { to: '/olympus/contact', label: 'Contact' },
];

/** Public pages: header with the site menu, main, footer. */
export function SiteLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(close, [pathname, close]);

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <MaintenanceBanner />
      <ImpersonationBanner />
      <header className={classes.siteHeader}>
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Brand />
            <Group component="nav" aria-label="Site" gap={2} visibleFrom="md">
              {links.map((link) => (
                <NavLink key={link.to} to={link.to} end className={classes.navLink}>
                  {link.label}
                </NavLink>
              ))}
            </Group>
            <Group gap="sm" wrap="nowrap">
              <AccountActions />
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="md"
                size="sm"
                aria-label={opened ? 'Close menu' : 'Open menu'}
                aria-expanded={opened}
              />
            </Group>
          </Group>
        </Container>
      </header>
      <Drawer opened={opened} onClose={close} title="Menu" hiddenFrom="md" size="xs" position="right">
        <Stack component="nav" aria-label="Site" gap={4}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end className={classes.navLink}>
              {link.label}
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
  if (!user && pathname === '/login') return null;
  if (!user) {
    return (
      <Button component={Link} to="/login" size="sm">
        Sign in
      </Button>
    );
  }
  return (
    <>
      <Button component={Link} to={user.home} size="sm" variant="light" visibleFrom="xs">
        My area
      </Button>
      <SignOutButton />
    </>
  );
}

function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg" py={40}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Text fw={800} c="white" size="lg">
              Olympus
            </Text>
            <Text size="sm">Online olympiads for schools.</Text>
          </Stack>
          <Stack gap={6} component="nav" aria-label="Footer">
            {links.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} className={classes.footerLink}>
                {link.label}
              </Anchor>
            ))}
          </Stack>
          <Stack gap={6}>
            <Anchor component={Link} to="/login" className={classes.footerLink}>
              Sign in
            </Anchor>
            <Anchor component={Link} to="/olympus/terms" className={classes.footerLink}>
              Terms and conditions
            </Anchor>
            <Text size="sm">© {new Date().getFullYear()} Olympus</Text>
          </Stack>
        </SimpleGrid>
      </Container>
    </footer>
  );
}
