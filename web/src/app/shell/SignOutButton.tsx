import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { LogoutIcon } from '../../components/icons.js';
import { useT } from '../../lib/i18n/index.js';
import { useLogout } from '../../lib/session/index.js';

/** Sign out: a labelled button from `sm` up, an icon button on phones. */
export function SignOutButton() {
  const t = useT();
  const logout = useLogout();
  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<LogoutIcon size={16} />}
        onClick={() => logout.mutate()}
        loading={logout.isPending}
        visibleFrom="sm"
      >
        {t('common.signOut')}
      </Button>
      <Tooltip label={t('common.signOut')}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('common.signOut')}
          onClick={() => logout.mutate()}
          loading={logout.isPending}
          hiddenFrom="sm"
        >
          <LogoutIcon size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
