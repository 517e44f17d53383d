import { Button, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { PortalOlympiad } from '#contract/schools';
import { Confirm } from '../../../components/Confirm.js';
import { formatDate } from '../../../lib/dates.js';
import { useT, type MessageId, type Values } from '../../../lib/i18n/index.js';
import { money, rate } from '#contract/numbers';
import { useEnterOlympiad } from '../api/enter-olympiad.js';
import type { useTermsGate } from './use-terms-gate.js';

/** "R 35,00 per learner, plus 15 % VAT" (per team member, for a team), or that entering is free. */
export function feeText(
  t: (id: MessageId, values?: Values) => string,
  fee: PortalOlympiad['fee'],
  team = false,
): string {
  if (fee.cents === 0) return t('portal.fee.free');
  const values = { money: money(fee.cents, fee.currency), vat: rate(fee.vatRateBp) };
  if (fee.vatRateBp > 0) return t(team ? 'portal.fee.perMemberVat' : 'portal.fee.perLearnerVat', values);
  return t(team ? 'portal.fee.perMember' : 'portal.fee.perLearner', values);
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
  const t = useT();
  const enter = useEnterOlympiad();
  const [asking, setAsking] = useState(false);
  const school = schoolName ?? t('portal.enter.yourSchool');
  return (
    <>
      <Button
        mt={mt}
        onClick={() => (gate ? gate.run(() => setAsking(true)) : setAsking(true))}
        aria-label={t('portal.enter.buttonLabel', { title: olympiad.title })}
      >
        {t('portal.enter.button')}
      </Button>
      <Confirm
        opened={asking}
        title={t('portal.enter.title', { school, title: olympiad.title })}
        confirmLabel={t('portal.enter.confirm')}
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
            {feeText(t, olympiad.fee)}
          </Text>
          <Text size="sm">{t('portal.enter.means')}</Text>
          <List size="sm" spacing={6}>
            <List.Item>{t('portal.enter.load')}</List.Item>
            {olympiad.fee.cents > 0 ? <List.Item>{t('portal.enter.invoiced')}</List.Item> : null}
            {olympiad.paymentRequired && olympiad.fee.cents > 0 ? (
              <List.Item>{t('portal.enter.paid')}</List.Item>
            ) : null}
            <List.Item>
              {t('portal.enter.opens', {
                time: formatDate(olympiad.startsAt, 'longDateTime', t('portal.enter.dateToCome')),
              })}
            </List.Item>
          </List>
        </Stack>
      </Confirm>
    </>
  );
}
