import { Alert, Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import type { PurchaseOrder, PurchaseOrderStatus } from '#contract/finance';
import { count as plural, money } from '#contract/numbers';
import { formatDate } from '../../../lib/dates.js';
import { downloadInvoice } from '../api/download-invoice.js';
import { useIssueInvoice } from '../api/issue-invoice.js';
import { useInvoices } from '../api/list-invoices.js';
import { usePayments } from '../api/list-payments.js';
import { useReversePayment } from '../api/reverse-payment.js';
import { AddComment } from './AddComment.js';
import { FreeLearners } from './FreeLearners.js';
import { RecordPayment } from './RecordPayment.js';
import { StateBadge } from './StateBadge.js';

/** One order in full, for finance staff: sums, documents, payments, comments, and what they may do with it. */
export function OrderDrawer({
  order,
  onClose,
  onStatus,
  busy,
}: {
  order: PurchaseOrder | null;
  onClose: () => void;
  onStatus: (order: PurchaseOrder, status: PurchaseOrderStatus | 'delete') => void;
  busy: boolean;
}) {
  const invoices = useInvoices({ olympiadId: order?.olympiadId, purchaseOrderId: order?.id, pageSize: 50 });
  const payments = usePayments({ olympiadId: order?.olympiadId, purchaseOrderId: order?.id, pageSize: 50 });
  const issue = useIssueInvoice();
  const reverse = useReversePayment();
  const m = (c: number) => money(c, order?.currency ?? 'ZAR');
  return (
    <Drawer opened={order != null} onClose={onClose} position="right" size="lg" title={order?.schoolName ?? ''}>
      {order ? (
        <Stack gap="md">
          <Group gap="sm">
            <StateBadge state={order.state} />
            <Text size="sm" c="dimmed">
              Reference <b>{order.paymentReference ?? '—'}</b> · PO {order.schoolsPO ?? 'not given'}
            </Text>
          </Group>
          <Text size="sm">
            {plural(order.learners, 'learner')} ({order.freeLearners} free) · quote {m(order.quote.totalCents)} ·
            invoiced {m(order.invoicedCents)} · paid {m(order.paidCents)} ·{' '}
            <b>
              {order.balanceCents < 0 ? `overpaid ${m(-order.balanceCents)}` : `outstanding ${m(order.balanceCents)}`}
            </b>
          </Text>
          {order.can.setStatus ? (
            <Group gap="xs" wrap="wrap">
              {order.state === 'deleted' ? (
                <Button size="xs" variant="light" loading={busy} onClick={() => onStatus(order, 'unpaid')}>
                  Restore
                </Button>
              ) : (
                <>
                  {order.state !== 'paid' ? (
                    <Button size="xs" loading={busy} onClick={() => onStatus(order, 'paid')}>
                      Mark paid
                    </Button>
                  ) : null}
                  {order.state === 'unpaid' ? (
                    <Button size="xs" variant="light" disabled={busy} onClick={() => onStatus(order, 'pre')}>
                      Pre-approve
                    </Button>
                  ) : null}
                  {order.state !== 'unpaid' ? (
                    <Button size="xs" variant="subtle" disabled={busy} onClick={() => onStatus(order, 'unpaid')}>
                      Not paid
                    </Button>
                  ) : null}
                  {order.can.delete ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      disabled={busy}
                      onClick={() => onStatus(order, 'delete')}
                    >
                      Remove
                    </Button>
                  ) : null}
                </>
              )}
            </Group>
          ) : null}
          {order.invoiceOutOfDate ? (
            <Alert color="yellow" variant="light">
              The order changed since its invoice: issue an updated one (the old one is credited).
            </Alert>
          ) : null}
          {order.can.issueInvoice && (!order.currentInvoice || order.invoiceOutOfDate) ? (
            <Group>
              <Button
                size="xs"
                loading={issue.isPending}
                onClick={() => issue.mutate({ orderId: order.id, mail: true })}
              >
                {order.currentInvoice ? 'Issue updated invoice and mail it' : 'Issue invoice and mail it'}
              </Button>
            </Group>
          ) : null}
          <Divider label="Invoices and credit notes" labelPosition="left" />
          {invoices.data?.items.length ? (
            invoices.data.items.map((i) => (
              <Group key={i.id} justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {i.documentNumber} · {formatDate(i.issuedAt)} {i.creditedAt ? '(credited)' : ''}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {m(i.totalCents)}
                  </Text>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => void downloadInvoice(i)}
                    aria-label={`PDF of ${i.documentNumber}`}
                  >
                    PDF
                  </Button>
                </Group>
              </Group>
            ))
          ) : (
            <Text size="sm" c="dimmed">
              None issued.
            </Text>
          )}
          <Divider label="Payments" labelPosition="left" />
          {payments.data?.items.length ? (
            payments.data.items.map((p) => (
              <Group key={p.id} justify="space-between" wrap="nowrap">
                <Text size="sm" td={p.reversedAt ? 'line-through' : undefined}>
                  {formatDate(p.receivedOn, 'date')} · {p.method.toUpperCase()} · {p.reference || '—'}
                  {p.statementLine ? ` · statement line ${p.statementLine.lineNo}` : ''}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {m(p.amountCents)}
                  </Text>
                  {p.can.reverse ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      loading={reverse.isPending && reverse.variables?.id === p.id}
                      onClick={() => {
                        const reason = window.prompt('Why is this payment reversed?');
                        if (reason && reason.trim().length >= 3) reverse.mutate({ id: p.id, reason: reason.trim() });
                      }}
                    >
                      Reverse
                    </Button>
                  ) : null}
                </Group>
              </Group>
            ))
          ) : (
            <Text size="sm" c="dimmed">
              None recorded.
            </Text>
          )}
          {order.can.recordPayment ? <RecordPayment order={order} /> : null}
          {order.can.setFreeLearners ? (
            <>
              <Divider />
              <FreeLearners order={order} />
            </>
          ) : null}
          {order.comments ? (
            <>
              <Divider label="Comments (finance staff only)" labelPosition="left" />
              {order.comments.length ? (
                order.comments.map((c, i) => (
                  <Text key={i} size="sm">
                    <b>{c.by}</b>, {formatDate(c.at)}: {c.text}
                  </Text>
                ))
              ) : (
                <Text size="sm" c="dimmed">
                  No comments.
                </Text>
              )}
              {order.can.comment ? <AddComment order={order} /> : null}
            </>
          ) : null}
        </Stack>
      ) : null}
    </Drawer>
  );
}
