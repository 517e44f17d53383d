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
import { z } from 'zod';
import {
  PaymentInput,
  PurchaseOrderCommentBody,
  SetFreeLearnersQuery,
  PaymentMethod,
  type PurchaseOrder,
  type PurchaseOrderStatus,
} from '#contract/finance';
import { isApiError } from '../../../lib/api/errors.js';
import { formatDate, todayInput } from '../../../lib/dates.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
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

type SetFreeLearnersInput = z.output<typeof SetFreeLearnersQuery>;

/** The order's free learners, with the reason kept as a comment: the contract's query, the count as typed. */
function FreeLearners({ order }: { order: PurchaseOrder }) {
  const save = useSetFreeLearners();
  const form = useSchemaForm<{ freeLearners: number | string; comment: string }, SetFreeLearnersInput>({
    schema: SetFreeLearnersQuery,
    mode: 'controlled',
    validateInputOnChange: true,
    initialValues: { freeLearners: order.freeLearners, comment: '' },
    toInput: ({ freeLearners, comment }) => ({ freeLearners: Number(freeLearners), comment }),
  });
  return (
    <form
      onSubmit={form.onSubmit((input) =>
        save.mutate(
          { order, ...input },
          { onSuccess: () => form.setFieldValue('comment', ''), onError: form.setServerErrors },
        ),
      )}
    >
      <Stack gap="xs">
        <Title order={3} size="h5">
          Free learners
        </Title>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NumberInput
            label="Learners the school does not pay for"
            min={0}
            max={100000}
            w={220}
            allowDecimal={false}
            {...form.getInputProps('freeLearners')}
          />
          <TextInput
            label="Why (kept as a comment)"
            style={{ flex: '1 1 200px' }}
            required
            {...form.getInputProps('comment')}
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

/**
 * A payment as the form holds it: the amount as typed (read by `parseMoney`: "1234.50", "R 1 234,50"), the rest as
 * the contract takes it. The order is the drawer's.
 */
interface PaymentValues extends Record<string, unknown> {
  amount: string;
  receivedOn: string;
  method: z.infer<typeof PaymentMethod>;
  reference: string;
}
type PaymentFields = Omit<PaymentInput, 'purchaseOrderId'>;

/** The contract's payment without the order, and an amount that is not one said in the form's words. */
const PaymentForm = PaymentInput.omit({ purchaseOrderId: true }).extend({
  amountCents: z.number('Enter an amount like 1234.50').pipe(PaymentInput.shape.amountCents),
});

const paymentToInput = ({ amount, receivedOn, method, reference }: PaymentValues): PaymentFields => ({
  amountCents: parseMoney(amount) ?? Number.NaN,
  receivedOn,
  method,
  reference,
});

function RecordPayment({ order }: { order: PurchaseOrder }) {
  const record = useRecordPayment();
  const form = useSchemaForm<PaymentValues, PaymentFields>({
    schema: PaymentForm,
    mode: 'controlled',
    validateInputOnChange: true,
    // Today in South Africa, not the UTC date (which is still yesterday there before 02:00).
    initialValues: { amount: '', receivedOn: todayInput(), method: 'eft', reference: '' },
    toInput: paymentToInput,
    fieldOf: { amountCents: 'amount' },
  });
  // Whether the last refusal's field errors all found their fields (else its sentence is shown under the form).
  const [onFields, setOnFields] = useState(false);
  const cents = parseMoney(form.values.amount);
  // The server refuses a payment identical to one recorded minutes ago (409 duplicate_payment): its sentence is shown
  // with a way to record it all the same, for a school that really paid twice.
  const duplicate = isApiError(record.error) && record.error.code === 'duplicate_payment';
  const submit = (body: PaymentInput) => {
    setOnFields(false);
    record.mutate(body, {
      onSuccess: () => form.setValues({ amount: '', reference: '' }),
      onError: (error) => setOnFields(form.setServerErrors(error)),
    });
  };
  return (
    <form onSubmit={form.onSubmit((input) => submit({ ...input, purchaseOrderId: order.id }))}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Record a payment
        </Title>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Amount (R)"
            placeholder={(Math.max(order.balanceCents, 0) / 100).toFixed(2)}
            w={140}
            required
            {...form.getInputProps('amount')}
          />
          <TextInput label="Received on" type="date" w={170} required {...form.getInputProps('receivedOn')} />
          <Select
            label="Method"
            data={[
              { value: 'eft', label: 'EFT' },
              { value: 'deposit', label: 'Deposit' },
              { value: 'card', label: 'Card' },
              { value: 'cash', label: 'Cash' },
              { value: 'other', label: 'Other' },
            ]}
            w={130}
            allowDeselect={false}
            {...form.getInputProps('method')}
          />
          <TextInput label="Reference" style={{ flex: '1 1 160px' }} {...form.getInputProps('reference')} />
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
        ) : record.error && !onFields ? (
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

/** A note for finance staff on the order: the contract's comment body. */
function AddComment({ order }: { order: PurchaseOrder }) {
  const addComment = useAddComment();
  const form = useSchemaForm<{ comment: string }>({
    schema: PurchaseOrderCommentBody,
    mode: 'controlled',
    initialValues: { comment: '' },
  });
  return (
    <form
      onSubmit={form.onSubmit(({ comment }) =>
        addComment.mutate(
          { order, comment },
          { onSuccess: () => form.setFieldValue('comment', ''), onError: form.setServerErrors },
        ),
      )}
    >
      <Stack gap="xs">
        <Textarea label="Add a comment" autosize minRows={2} {...form.getInputProps('comment')} />
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
            disabled={!form.values.comment.trim()}
            loading={addComment.isPending}
          >
            Add comment
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
              {order.can.comment ? <AddComment order={order} /> : null}
            </>
          ) : null}
        </Stack>
      ) : null}
    </Drawer>
  );
}
