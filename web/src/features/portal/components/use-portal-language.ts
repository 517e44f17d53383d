import { useEffect } from 'react';
import { isLocale, useLocale } from '../../../lib/i18n/index.js';
import { useSessionUser } from '../../../lib/session/index.js';

/**
 * The teacher's own language, kept on their account (PUT api/me/language): the portal opens in it on any device.
 * A teacher who never chose keeps this browser's choice.
 */
export function usePortalLanguage(): void {
  const user = useSessionUser();
  const { locale, setLocale } = useLocale();
  const own = user?.language;
  useEffect(() => {
    if (isLocale(own) && own !== locale) void setLocale(own);
  }, [own, locale, setLocale]);
}
