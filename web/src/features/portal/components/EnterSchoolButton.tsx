import { Button, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { PortalOlympiad } from '#contract/schools';
import { Confirm } from '../../../components/Confirm.js';
import { formatDate } from '../../../lib/dates.js';
import { money, rate } from '#contract/numbers';
import { useEnterOlympiad } from '../api/enter-olympiad.js';
import type { useTermsGate } from './use-terms-gate.js';

/** "R 35,00 per learner, plus 15 % VAT", or that entering is free. */
export function feeText(fee: PortalOlympiad['fee'], member = 'learner'): string {
  if (fee.cents === 0) return 'No fee: entering is free';
  const vat = fee.vatRateBp > 0 ? `, plus ${rate(fee.vatRateBp)} VAT` : '';
  return `${money(fee.cents, fee.currency)} per ${member}${vat}`;
}

/**
 * "Enter my school": first says what it costs and what entering means (the invoice that follows, payment before
 * writing), then enters the school when the teacher confirms.
 */
export function EnterSchoolButton({
  olympiad,
  schoolName,
  mt,
  gate,
}: {
  olympiad: PortalOlympiad;
  schoolName: string | undefined;
  mt?: string;
  /** The terms gate: the current terms are accepted first (and again if the server says they changed). */
  gate?: ReturnType<typeof useTermsGate> | undefined;
}) {
  const enter = useEnterOlympiad();
  const [asking, setAsking] = useState(false);
  const school = schoolName ?? 'your school';
  return (
    <>
      <Button
        mt={mt}
        onClick={() => (gate ? gate.run(() => setAsking(true)) : setAsking(true))}
        aria-label={`Enter my school in ${olympiad.title}`}
      >
        Enter my school
      </Button>
      <Confirm
        opened={asking}
        title={`Enter ${school} in ${olympiad.title}?`}
        confirmLabel="Yes, enter my school"
        color="olympus"
        loading={enter.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          enter.mutate(olympiad.id, {
            onSuccess: () => setAsking(false),
            onError: (e) => {
              setAsking(false);
              gate?.asked(e, () => enter.mutate(olympiad.id));
            },
          })
        }
      >
        <Stack gap="sm">
          <Text fw={700} size="lg">
            {feeText(olympiad.fee)}
          </Text>
          <Text size="sm">Entering means:</Text>
          <List size="sm" spacing={6}>
            <List.Item>You load the learners who will write, and print a sign-in slip for each.</List.Item>
            {olympiad.fee.cents > 0 ? (
              <List.Item>
                The school is invoiced for the learners you load, at this fee. You can still add or remove learners
                before you ask for the invoice on the Invoices page, with the school’s purchase-order number.
              </List.Item>
            ) : null}
            {olympiad.paymentRequired && olympiad.fee.cents > 0 ? (
              <List.Item>
                Learners can start writing only once the invoice is paid, or the organisers have pre-approved it.
              </List.Item>
            ) : null}
            <List.Item>
              Writing opens {formatDate(olympiad.startsAt, 'longDateTime', 'on a date still to be announced')}.
            </List.Item>
          </List>
        </Stack>
      </Confirm>
    </>
  );
}
