import { Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { OlympiadRecord } from '#contract/olympiads';
import { isApiError } from '../../../lib/api/index.js';
import { useSetOlympiadOpen } from '../api/set-olympiad-open.js';
import { useSetOlympiadPinned } from '../api/set-olympiad-pinned.js';
import { Confirm } from '../../../components/Confirm.js';

/** Open/close and pin/unpin, each confirmed; opening despite blockers needs a second, explicit confirmation. */
export function OpenPinActions({ olympiad, compact }: { olympiad: OlympiadRecord; compact?: boolean }) {
  const setOpen = useSetOlympiadOpen();
  const setPinned = useSetOlympiadPinned();
  const [asking, setAsking] = useState<'open' | 'close' | 'pin' | null>(null);
  const [blockers, setBlockers] = useState<string[] | null>(null);
  const size = compact ? 'xs' : 'sm';
  // What blocks opening has its own confirmation; any other failure is shown in the open confirmation.
  const openFailure =
    setOpen.error && !(isApiError(setOpen.error) && setOpen.error.status === 409) ? (
      <Alert color="red" role="alert" mt="sm">
        {setOpen.error.message}
      </Alert>
    ) : null;
  const closeOpen = () => {
    setAsking(null);
    setBlockers(null);
    setOpen.reset();
  };

  const doOpen = (open: boolean, confirm: boolean) =>
    setOpen.mutate(
      { olympiadId: olympiad.id, open, confirm },
      {
        onSuccess: closeOpen,
        onError: (error) => {
          if (isApiError(error) && error.status === 409) {
            setAsking(null);
            setBlockers(error.details.map((d) => d.message));
          }
        },
      },
    );

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        {olympiad.can.open ? (
          <Button
            size={size}
            variant={olympiad.open ? 'light' : 'filled'}
            color={olympiad.open ? 'orange' : 'green'}
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
      <Confirm
        opened={asking === 'open' || asking === 'close'}
        title={asking === 'open' ? `Open ${olympiad.title}?` : `Close ${olympiad.title}?`}
        confirmLabel={asking === 'open' ? 'Open olympiad' : 'Close olympiad'}
        color={asking === 'open' ? 'green' : 'orange'}
        loading={setOpen.isPending}
        onClose={closeOpen}
        onConfirm={() => doOpen(asking === 'open', false)}
      >
        {asking === 'open'
          ? 'Learners can sign in and write during the writing window once it is open. This is logged.'
          : 'Learners can no longer start or continue writing. This is logged.'}
        {openFailure}
      </Confirm>
      <Confirm
        opened={blockers !== null}
        title="Something still blocks opening"
        confirmLabel="Open anyway"
        color="red"
        loading={setOpen.isPending}
        onClose={closeOpen}
        onConfirm={() => doOpen(true, true)}
      >
        <Stack gap="xs">
          <Text>The olympiad check found:</Text>
          <List size="sm">
            {(blockers ?? []).slice(0, 12).map((b, i) => (
              <List.Item key={i}>{b}</List.Item>
            ))}
          </List>
          {(blockers?.length ?? 0) > 12 ? <Text size="sm">…and {blockers!.length - 12} more.</Text> : null}
          <Text fw={600}>Opening anyway is recorded in the audit log with this list.</Text>
          {openFailure}
        </Stack>
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
