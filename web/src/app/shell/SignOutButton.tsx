import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { LogoutIcon } from '../../components/icons.js';
import { useLogout } from '../../lib/session/index.js';

/** Sign out: a labelled button from `sm` up, an icon button on phones. */
export function SignOutButton() {
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
        Sign out
      </Button>
      <Tooltip label="Sign out">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Sign out"
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
