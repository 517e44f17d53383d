import { Group, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { Brand } from '../shell/Brand.js';
import { ImpersonationBanner } from '../shell/ImpersonationBanner.js';
import { MAIN_ID } from '../shell/SkipLink.js';
import classes from './layouts.module.css';
import { MaintenanceBanner } from '../../components/MaintenanceBanner.js';
import { useT } from '../../lib/i18n/index.js';

/** A minimal frame: the brand, one card in the middle (per-olympiad sign-in, email links). */
export function PlainLayout() {
  const t = useT();
  return (
    <div className={classes.plainPage}>
      <MaintenanceBanner />
      <ImpersonationBanner />
      <Group component="header" justify="center" pt="xl" px="md">
        <Brand />
      </Group>
      <main id={MAIN_ID} tabIndex={-1} className={classes.plainMain}>
        <Outlet />
      </main>
      <Text component="footer" size="xs" c="dimmed" ta="center" pb="lg">
        {t('common.tagline')}
      </Text>
    </div>
  );
}
