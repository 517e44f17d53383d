import { Badge } from '@mantine/core';
import type { certificateSendStates } from '#contract/certificates';

export type SendState = (typeof certificateSendStates)[number];

export const sendStateLabels: Record<SendState, string> = {
  pending: 'Not sent',
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
};
const colors: Record<SendState, string> = { pending: 'gray', queued: 'blue', sent: 'teal', failed: 'red' };

/** Where a school's certificate mail is: not sent, queued, sent, failed. */
export function SendStateBadge({ state }: { state: SendState }) {
  return (
    <Badge color={colors[state]} variant="light">
      {sendStateLabels[state]}
    </Badge>
  );
}
