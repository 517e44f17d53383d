import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { LanguageSwitcher, portalRouteTitle, usePortalLanguage, usePortalName } from '../../features/portal/routes.js';
import { translate, useLocale, useT } from '../../lib/i18n/index.js';
import { useCurrentRoute } from '../../lib/routing/index.js';
import { StaffShell } from './StaffShell.js';

/**
 * The portal's frame: a teacher's, or a country's team admin's (decision 039), named for whose it is. It speaks
 * the teacher's language, chosen in its header and kept on their account.
 */
export function PortalLayout() {
  const t = useT();
  const name = usePortalName();
  usePortalLanguage();
  usePortalDocumentTitle();
  return (
    <StaffShell
      layout="portal"
      navLabel={t('portal.shell.navLabel', { name })}
      context={
        <Text fw={700} size="sm" truncate>
          {name}
        </Text>
      }
      actions={<LanguageSwitcher />}
    />
  );
}

/** The document title in the page's language (the shell's navigation effect names it in English first). */
function usePortalDocumentTitle() {
  const route = useCurrentRoute();
  const { locale } = useLocale();
  useEffect(() => {
    if (route) document.title = translate('portal.shell.documentTitle', { title: portalRouteTitle(route) });
  }, [route, locale]);
}
