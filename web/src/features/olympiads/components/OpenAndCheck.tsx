import { Stack } from '@mantine/core';
import { count } from '#contract/numbers';
import type { OlympiadRecord } from '#contract/olympiads';
import { blockerLinks, useOlympiadCheck } from '../../../components/OlympiadCheck.js';
import { OpenPinActions } from './OpenPinActions.js';
import { VerifyPanel } from './VerifyPanel.js';

/**
 * The olympiad check first, each blocker linked to where it is fixed, then open/close and pin: Open is disabled,
 * with the reason beside it, while the check has blockers (the server refuses such an opening anyway).
 */
export function OpenAndCheck({ olympiad }: { olympiad: OlympiadRecord }) {
  const check = useOlympiadCheck(olympiad.id);
  const blockers = check.data?.blockers.length ?? 0;
  const blocked = check.isLoading
    ? 'Checking what blocks opening…'
    : check.error
      ? 'The olympiad check could not be read, so opening waits.'
      : blockers > 0
        ? `It cannot open while ${count(blockers, 'thing blocks', 'things block')} it. Fix what the check lists first.`
        : null;
  return (
    <Stack>
      <VerifyPanel olympiadId={olympiad.id} link={blockerLinks(olympiad.varName)} />
      <OpenPinActions olympiad={olympiad} blocked={blocked} />
    </Stack>
  );
}
