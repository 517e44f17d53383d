import { Button, Group, Text } from '@mantine/core';
import { useSessionUser, useStopImpersonating } from '../../lib/session/index.js';
import classes from './ImpersonationBanner.module.css';

/** Shown in every layout while an admin or the overlord acts as another user. */
export function ImpersonationBanner() {
  const user = useSessionUser();
  const stop = useStopImpersonating();
  if (!user?.impersonator) return null;
  return (
    <div className={classes.banner} role="region" aria-label="Acting as another user">
      <Group justify="center" gap="sm" wrap="wrap">
        <Text size="sm" fw={600} ta="center">
          You are acting as {user.name} ({user.username})
        </Text>
        <Button size="compact-sm" color="dark" onClick={() => stop.mutate()} loading={stop.isPending}>
          Return to my account
        </Button>
      </Group>
    </div>
  );
}

export function useImpersonating(): boolean {
  return Boolean(useSessionUser()?.impersonator);
}
