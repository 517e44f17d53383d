import { Button, Menu } from '@mantine/core';
import { localeNames, locales, useLocale, useT, type Locale } from '../../../lib/i18n/index.js';
import { saveLanguage } from '../api/save-language.js';

/**
 * The portal's language, in its header: each language named in itself (with its `lang`), so a teacher finds
 * their own whatever the page is in. The choice is kept in this browser and on the teacher's account.
 */
export function LanguageSwitcher() {
  const t = useT();
  const { locale, setLocale } = useLocale();
  const choose = (next: Locale) => {
    if (next === locale) return;
    void saveLanguage(next);
    void setLocale(next);
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={t('portal.shell.language', { language: localeNames[locale] })}
        >
          <span lang={locale}>{localeNames[locale]}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('common.language.choose')}</Menu.Label>
        {locales.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            onClick={() => choose(code)}
            aria-current={code === locale ? 'true' : undefined}
            fw={code === locale ? 700 : undefined}
          >
            {localeNames[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
