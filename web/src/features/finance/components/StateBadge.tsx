import { Badge } from '@mantine/core';
import type { PurchaseOrderState } from '#contract/finance';
import { useT } from '../../../lib/i18n/index.js';

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

/** The state in the page's language: the teacher's on the portal, English in the back office. */
export function StateBadge({ state }: { state: PurchaseOrderState }) {
  const t = useT();
  return (
    <Badge color={stateColors[state]} variant="light" radius="sm" c="dark.7" style={{ minWidth: 'max-content' }}>
      {t(`portal.order.state.${state}`)}
    </Badge>
  );
}
