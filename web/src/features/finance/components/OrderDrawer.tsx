import {
  Alert,
  Button,
  Divider,
  Drawer,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { PaymentInput, PurchaseOrder, PurchaseOrderStatus } from '#contract/finance';
import { isApiError } from '../../../lib/api/errors.js';
import { formatDate, todayInput } from '../../../lib/dates.js';
import { count as plural, money, parseMoney } from '#contract/numbers';
import { downloadInvoice } from '../api/download-invoice.js';
import { useIssueInvoice } from '../api/issue-invoice.js';
import { useInvoices } from '../api/list-invoices.js';
import { useAddComment } from '../api/add-comment.js';
import { useSetFreeLearners } from '../api/set-free-learners.js';
import { usePayments } from '../api/list-payments.js';
import { useRecordPayment } from '../api/record-payment.js';
import { useReversePayment } from '../api/reverse-payment.js';
import { StateBadge } from './StateBadge.js';

function FreeLearners({ order }: { order: PurchaseOrder }) {
  const [count, setCount] = useState<number | string>(order.freeLearners);
  const [comment, setComment] = useState('');
  const save = useSetFreeLearners();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ order, freeLearners: Number(count), comment }, { onSuccess: () => setComment('') });
      }}
    >
      <Stack gap="xs">
        <Title order={3} size="h5">
          Free learners
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label="Learners the school does not pay for"
            min={0}
            max={100000}
            value={count}
            onChange={setCount}
            w={220}
            allowDecimal={false}
          />
          <TextInput
            label="Why (kept as a comment)"
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
            required
          />
        </Group>
        {save.error ? (
          <Text size="sm" c="red.8">
            {save.error.message}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" size="xs" loading={save.isPending}>
            Save free learners
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RecordPayment({ order }: { order: PurchaseOrder }) {
  const [amount, setAmount] = useState('');
  const [receivedOn, setReceivedOn] = useState(todayInput);
  const [method, setMethod] = useState<string | null>('eft');
  const [reference, setReference] = useState('');
  const record = useRecordPayment();
  const cents = parseMoney(amount);
  // The server refuses a payment identical to one recorded minutes ago (409 duplicate_payment): its sentence is shown
  // with a way to record it all the same, for a school that really paid twice.
  const duplicate = isApiError(record.error) && record.error.code === 'duplicate_payment';
  const submit = (body: PaymentInput) =>
    record.mutate(body, {
      onSuccess: () => {
        setAmount('');
        setReference('');
      },
    });
  const fieldError = (path: string) =>
    record.error && 'details' in record.error
      ? (record.error as { details?: { path: string; message: string }[] }).details?.find((d) => d.path === path)
          ?.message
      : undefined;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (cents == null) return;
        submit({ purchaseOrderId: order.id, amountCents: cents, receivedOn, method: method as 'eft', reference });
      }}
    >
      <Stack gap="xs">
        <Title order={3} size="h5">
          Record a payment
        </Title>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Amount (R)"
            placeholder={(Math.max(order.balanceCents, 0) / 100).toFixed(2)}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            w={140}
            required
            error={amount && cents == null ? 'Enter an amount like 1234.50' : fieldError('body.amountCents')}
          />
          <TextInput
            label="Received on"
            type="date"
            value={receivedOn}
            onChange={(e) => setReceivedOn(e.currentTarget.value)}
            w={170}
            required
            error={fieldError('body.receivedOn')}
          />
          <Select
            label="Method"
            data={[
              { value: 'eft', label: 'EFT' },
              { value: 'deposit', label: 'Deposit' },
              { value: 'card', label: 'Card' },
              { value: 'cash', label: 'Cash' },
              { value: 'other', label: 'Other' },
            ]}
            value={method}
            onChange={setMethod}
            w={130}
            allowDeselect={false}
          />
          <TextInput
            label="Reference"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            style={{ flex: '1 1 160px' }}
          />
        </Group>
        {duplicate && record.variables ? (
          <Alert color="yellow" title="Recorded already?">
            <Stack gap="xs">
              <Text size="sm">{record.error!.message}</Text>
              <Group>
                <Button
                  size="xs"
                  color="yellow"
                  variant="light"
                  onClick={() => submit({ ...record.variables!, confirmDuplicate: true })}
                >
                  Record it anyway
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : record.error && !fieldError('body.amountCents') && !fieldError('body.receivedOn') ? (
          <Text size="sm" c="red.8">
            {record.error.message}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" size="xs" loading={record.isPending} disabled={cents == null}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

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
  const [comment, setComment] = useState('');
  const invoices = useInvoices({ olympiadId: order?.olympiadId, purchaseOrderId: order?.id, pageSize: 50 });
  const payments = usePayments({ olympiadId: order?.olympiadId, purchaseOrderId: order?.id, pageSize: 50 });
  const issue = useIssueInvoice();
  const addComment = useAddComment();
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
                  {formatDate(p.receivedOn)} · {p.method.toUpperCase()} · {p.reference || '—'}
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
              {order.can.comment ? (
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    addComment.mutate({ order, comment }, { onSuccess: () => setComment('') });
                  }}
                >
                  <Stack gap="xs">
                    <Textarea
                      label="Add a comment"
                      value={comment}
                      onChange={(e) => setComment(e.currentTarget.value)}
                      autosize
                      minRows={2}
                    />
                    {addComment.error ? (
                      <Text size="sm" c="red.8">
                        {addComment.error.message}
                      </Text>
                    ) : null}
                    <Group>
                      <Button
                        size="xs"
                        type="submit"
                        variant="light"
                        disabled={!comment.trim()}
                        loading={addComment.isPending}
                      >
                        Add comment
                      </Button>
                    </Group>
                  </Stack>
                </form>
              ) : null}
            </>
          ) : null}
        </Stack>
      ) : null}
    </Drawer>
  );
}
