import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Blocker, blockerKinds, type OlympiadRecord } from '#contract/olympiads';
import { BlockerGroups } from '../../../components/OlympiadCheck.js';
import { isApiError } from '../../../lib/api/index.js';
import { useSetOlympiadOpen } from '../api/set-olympiad-open.js';
import { useSetOlympiadPinned } from '../api/set-olympiad-pinned.js';
import { Confirm } from '../../../components/Confirm.js';

const isKind = (path: string): path is Blocker['kind'] => (blockerKinds as readonly string[]).includes(path);

/**
 * Open/close and pin/unpin, each confirmed. The server refuses an opening while the olympiad check has blockers:
 * where the check is known (`blocked`, the settings page) the Open button is disabled with the reason beside it;
 * elsewhere a refusal is shown in the confirmation with its blockers and a link to the check.
 */
export function OpenPinActions({
  olympiad,
  compact,
  blocked,
}: {
  olympiad: OlympiadRecord;
  compact?: boolean;
  /** Why the olympiad cannot open now (the check has blockers), or null when it can. */
  blocked?: string | null;
}) {
  const setOpen = useSetOlympiadOpen();
  const setPinned = useSetOlympiadPinned();
  const [asking, setAsking] = useState<'open' | 'close' | 'pin' | null>(null);
  const size = compact ? 'xs' : 'sm';
  const openDisabled = !olympiad.open && Boolean(blocked);
  const refusal = isApiError(setOpen.error) && setOpen.error.status === 409 ? setOpen.error : null;
  const refusedBlockers = (refusal?.details ?? []).flatMap((d) =>
    isKind(d.path) ? [{ kind: d.path, message: d.message }] : [],
  );
  const openFailure = refusal ? (
    <Stack gap="sm" mt="sm">
      <Alert color="red" role="alert" title="It cannot open yet">
        {refusal.message}
      </Alert>
      <BlockerGroups blockers={refusedBlockers} max={5} />
      <Anchor component={Link} to={`/${olympiad.varName}/admin/settings-and-actions#open`} size="sm">
        Open the olympiad check
      </Anchor>
    </Stack>
  ) : setOpen.error ? (
    <Alert color="red" role="alert" mt="sm">
      {setOpen.error.message}
    </Alert>
  ) : null;
  const closeOpen = () => {
    setAsking(null);
    setOpen.reset();
  };

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        {olympiad.can.open ? (
          <Button
            size={size}
            variant={olympiad.open ? 'light' : 'filled'}
            color={olympiad.open ? 'orange' : 'teal.9'}
            disabled={openDisabled}
            aria-describedby={openDisabled ? `open-blocked-${olympiad.id}` : undefined}
            onClick={() => setAsking(olympiad.open ? 'close' : 'open')}
          >
            {olympiad.open ? 'Close' : 'Open'}
          </Button>
        ) : null}
        {olympiad.can.pin ? (
          <Button size={size} variant="default" onClick={() => setAsking('pin')}>
            {olympiad.pinned ? 'Unpin' : 'Pin'}
          </Button>
        ) : null}
      </Group>
      {olympiad.can.open && openDisabled ? (
        <Text size="sm" c="dimmed" id={`open-blocked-${olympiad.id}`}>
          {blocked}
        </Text>
      ) : null}
      <Confirm
        opened={asking === 'open' || asking === 'close'}
        title={asking === 'open' ? `Open ${olympiad.title}?` : `Close ${olympiad.title}?`}
        confirmLabel={asking === 'open' ? 'Open olympiad' : 'Close olympiad'}
        color={asking === 'open' ? 'teal.9' : 'orange'}
        loading={setOpen.isPending}
        onClose={closeOpen}
        onConfirm={() => setOpen.mutate({ olympiadId: olympiad.id, open: asking === 'open' }, { onSuccess: closeOpen })}
      >
        {asking === 'open'
          ? 'Learners can sign in and write during the writing window once it is open. This is logged.'
          : 'Learners can no longer start or continue writing. This is logged.'}
        {openFailure}
      </Confirm>
      <Confirm
        opened={asking === 'pin'}
        title={olympiad.pinned ? 'Unpin this olympiad?' : 'Pin this olympiad?'}
        confirmLabel={olympiad.pinned ? 'Unpin' : 'Pin'}
        loading={setPinned.isPending}
        onClose={() => setAsking(null)}
        onConfirm={() =>
          setPinned.mutate({ olympiadId: olympiad.id, pinned: !olympiad.pinned }, { onSuccess: () => setAsking(null) })
        }
      >
        Pinned olympiads are shown first on the public pages. This is logged.
      </Confirm>
    </>
  );
}

export function OpenBadge({ olympiad }: { olympiad: OlympiadRecord }) {
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={olympiad.open ? 'green' : 'gray'} variant="light" miw="max-content">
        {olympiad.open ? 'Open' : 'Closed'}
      </Badge>
      {olympiad.pinned ? (
        <Badge color="yellow" variant="light" miw="max-content">
          Pinned
        </Badge>
      ) : null}
    </Stack>
  );
}
