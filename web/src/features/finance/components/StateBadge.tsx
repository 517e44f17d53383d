import { Badge } from '@mantine/core';
import type { PurchaseOrderState } from '#contract/finance';

export const stateLabels: Record<PurchaseOrderState, string> = {
  paid: 'Paid',
  pre: 'Pre-approved',
  unpaid: 'Not paid',
  deleted: 'Removed',
};
/** Dark shades on light backgrounds: readable (WCAG AA) in every state. */
export const stateColors: Record<PurchaseOrderState, string> = {
  paid: 'teal',
  pre: 'blue',
  unpaid: 'orange',
  deleted: 'gray',
};

export function StateBadge({ state }: { state: PurchaseOrderState }) {
  return (
    <Badge color={stateColors[state]} variant="light" radius="sm" c="dark.7" style={{ minWidth: 'max-content' }}>
      {stateLabels[state]}
    </Badge>
  );
}
