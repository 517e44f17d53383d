import { Alert, Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { type Blocker, blockerKinds, OPEN_REASON_MIN, type OlympiadRecord } from '#contract/olympiads';
import { BlockerGroups } from '../../../components/OlympiadCheck.js';
import { isApiError } from '../../../lib/api/index.js';
import { useSetOlympiadOpen } from '../api/set-olympiad-open.js';
import { useSetOlympiadPinned } from '../api/set-olympiad-pinned.js';
import { Confirm } from '../../../components/Confirm.js';
import { count } from '#contract/numbers';

const isKind = (path: string): path is Blocker['kind'] => (blockerKinds as readonly string[]).includes(path);

/**
 * Open/close and pin/unpin, each confirmed; opening despite blockers needs a second, explicit confirmation that
 * shows what each blocker risks and takes a reason, recorded with the opening.
 */
export function OpenPinActions({ olympiad, compact }: { olympiad: OlympiadRecord; compact?: boolean }) {
  const setOpen = useSetOlympiadOpen();
  const setPinned = useSetOlympiadPinned();
  const [asking, setAsking] = useState<'open' | 'close' | 'pin' | null>(null);
  const [blockers, setBlockers] = useState<Array<Pick<Blocker, 'kind' | 'message'>> | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const size = compact ? 'xs' : 'sm';
  // What blocks opening has its own confirmation, a missing reason is on its field; any other failure is shown in
  // the open confirmation.
  const onReason = isApiError(setOpen.error) && setOpen.error.details.some((d) => d.path === 'query.reason');
  const openFailure =
    setOpen.error && !onReason && !(isApiError(setOpen.error) && setOpen.error.status === 409) ? (
      <Alert color="red" role="alert" mt="sm">
        {setOpen.error.message}
      </Alert>
    ) : null;
  const closeOpen = () => {
    setAsking(null);
    setBlockers(null);
    setReason('');
    setReasonError(null);
    setOpen.reset();
  };

  const doOpen = (open: boolean, confirm: boolean) => {
    if (confirm && reason.trim().length < OPEN_REASON_MIN) {
      setReasonError(`Say why you open it anyway (at least ${OPEN_REASON_MIN} characters).`);
      return;
    }
    setOpen.mutate(
      { olympiadId: olympiad.id, open, confirm, ...(confirm ? { reason: reason.trim() } : {}) },
      {
        onSuccess: closeOpen,
        onError: (error) => {
          if (!isApiError(error)) return;
          const onField = error.details.find((d) => d.path === 'query.reason');
          if (onField) setReasonError(onField.message);
          else if (error.status === 409) {
            setAsking(null);
            setBlockers(error.details.flatMap((d) => (isKind(d.path) ? [{ kind: d.path, message: d.message }] : [])));
          }
        },
      },
    );
  };

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        {olympiad.can.open ? (
          <Button
            size={size}
            variant={olympiad.open ? 'light' : 'filled'}
            color={olympiad.open ? 'orange' : 'teal.9'}
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
        color={asking === 'open' ? 'teal.9' : 'orange'}
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
        color="red.9"
        loading={setOpen.isPending}
        onClose={closeOpen}
        onConfirm={() => doOpen(true, true)}
      >
        <Stack gap="sm">
          <Text>
            The olympiad check found {count(blockers?.length ?? 0, 'thing')} that can go wrong for learners if{' '}
            {olympiad.title} opens now:
          </Text>
          <BlockerGroups blockers={blockers ?? []} max={5} />
          <Textarea
            label="Why open it anyway?"
            description="Recorded with the opening (audit log) and shown on the olympiad check while it is open."
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setReasonError(null);
            }}
            error={reasonError}
          />
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
