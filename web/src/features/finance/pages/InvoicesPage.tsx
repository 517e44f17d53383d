import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { SetSchoolPOQuery, settlementOf, type Invoice, type PurchaseOrder } from '#contract/finance';
import { PageHeader } from '../../../components/PageHeader.js';
import { alerts, showAlert } from '../../../lib/api/index.js';
import { formatDate } from '../../../lib/dates.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { count as plural, money, rate } from '#contract/numbers';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { downloadInvoice } from '../api/download-invoice.js';
import { useIssueInvoice } from '../api/issue-invoice.js';
import { useInvoices } from '../api/list-invoices.js';
import { useMailInvoice } from '../api/mail-invoice.js';
import { usePurchaseOrders } from '../api/list-purchase-orders.js';
import { useSetSchoolPO } from '../api/set-school-po.js';
import { usePayments } from '../api/list-payments.js';
import { StateBadge } from '../components/StateBadge.js';
import { type UnitWords, unitWords } from '#contract/units';

/** The order as it would be invoiced now: learners × fee, free learners, VAT, total. */
/** Label and amount rows of the order card: the amounts stay on their label's line, right-aligned, even on a phone. */
type SumRow = [label: string, amount: string, strong?: boolean];

function SumTable({ label, rows }: { label: string; rows: SumRow[] }) {
  return (
    <Table aria-label={label} withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([k, v, strong]) => (
          <Table.Tr key={k}>
            <Table.Td fw={strong ? 700 : 400}>{k}</Table.Td>
            <Table.Td ta="right" fw={strong ? 700 : 600} style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
              {v}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function OrderSums({ order, words }: { order: PurchaseOrder; words: UnitWords }) {
  const m = (c: number) => money(c, order.currency);
  const rows: SumRow[] = [
    [
      `${plural(order.learners, words.member, words.members)} × ${m(order.feeCents)}`,
      m(order.learners * order.feeCents),
    ],
    ...(order.freeLearners
      ? ([
          [
            `${plural(order.freeLearners, `free ${words.member}`, `free ${words.members}`)}`,
            m(-Math.min(order.freeLearners, order.learners) * order.feeCents),
          ],
        ] satisfies SumRow[])
      : []),
    ['Subtotal', m(order.quote.subtotalCents)],
    [order.quote.vatRateBp ? `VAT ${rate(order.quote.vatRateBp)}` : 'VAT', m(order.quote.vatCents)],
    ['Total', m(order.quote.totalCents), true],
  ];
  return <SumTable label={`What the ${words.unit} pays`} rows={rows} />;
}

function PoNumber({ order, words }: { order: PurchaseOrder; words: UnitWords }) {
  const save = useSetSchoolPO();
  // The field starts from the stored number; the parent remounts it (key) when the stored number changes.
  const form = useSchemaForm<{ schoolsPO: string }>({
    schema: SetSchoolPOQuery,
    mode: 'controlled',
    initialValues: { schoolsPO: order.schoolsPO ?? '' },
    toInput: ({ schoolsPO }) => ({ schoolsPO: schoolsPO.trim() }),
  });
  return (
    <form
      onSubmit={form.onSubmit(({ schoolsPO }) =>
        save.mutate(
          { order, schoolsPO },
          {
            // A refusal that is not about the number (the order is paid, say) is said on the field all the same.
            onError: (error) => {
              if (!form.setServerErrors(error)) form.setFieldError('schoolsPO', error.message);
            },
          },
        ),
      )}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={`Your ${words.unit}’s purchase-order number`}
          description="Printed on the invoice, so that your bursar can match it."
          placeholder="e.g. PO-2026-014"
          maxLength={60}
          disabled={!order.can.setSchoolPO}
          style={{ flex: '1 1 240px' }}
          {...form.getInputProps('schoolsPO')}
        />
        <Button
          type="submit"
          loading={save.isPending}
          disabled={!order.can.setSchoolPO || form.values.schoolsPO.trim() === (order.schoolsPO ?? '')}
        >
          Save number
        </Button>
      </Group>
      {save.isSuccess ? (
        <Text size="sm" c="teal.8" mt={4} role="status">
          {save.data.message}
        </Text>
      ) : null}
    </form>
  );
}

function HowToPay({
  invoice,
  order,
  due,
  words,
}: {
  invoice: Invoice;
  order: PurchaseOrder;
  due: number;
  words: UnitWords;
}) {
  const p = invoice.payTo;
  const rows: [string, string][] = [
    ['Bank', p.bankName],
    ['Account holder', p.bankAccountName],
    ['Account number', p.bankAccountNumber],
    ['Branch code', p.bankBranchCode],
    ...(p.bankSwift ? ([['SWIFT', p.bankSwift]] as [string, string][]) : []),
    ['Reference', invoice.paymentReference],
  ];
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="xs">
        How to pay
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {due > 0
          ? `Pay ${money(due, order.currency)} by EFT into this account and quote the reference, so that the payment reaches your ${words.unit}.`
          : `Nothing is left to pay. Should you pay anything more, pay into this account and quote the reference, so that it reaches your ${words.unit}.`}
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} aria-label="Bank details">
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Td c="dimmed" w={150}>
                {k}
              </Table.Td>
              <Table.Td fw={k === 'Reference' ? 700 : 500} ff={k === 'Reference' ? 'monospace' : undefined}>
                {v}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/**
 * /portal/{o}/invoices: the school's order (learners × fee, free learners, VAT, total), its purchase-order
 * number, its invoices and credit notes as PDFs, how to pay, and the payments received (decision 033).
 */
export function InvoicesPage() {
  const { olympiad } = useRouteOlympiad();
  const words = unitWords(olympiad?.kind);
  const olympiadId = olympiad?.id;
  const orders = usePurchaseOrders({ olympiadId, fetchDeleted: false, page: 1, pageSize: 5 });
  const order = orders.data?.items[0] ?? null;
  const invoices = useInvoices({ olympiadId, pageSize: 50 });
  const payments = usePayments({ olympiadId, pageSize: 50 });
  const issue = useIssueInvoice();
  const mail = useMailInvoice();
  const [downloading, setDownloading] = useState<number | null>(null);

  useEffect(() => {
    if (invoices.error) showAlert(alerts.invoicesLoadFailed);
  }, [invoices.error]);

  // Before an invoice, what is due is the quote; after, what the documents say; less what was paid. An order the
  // organisers marked paid owes nothing, so the sums say what the badge says.
  const settled = order ? settlementOf(order) : null;
  const due = settled?.dueCents ?? 0;
  const current = invoices.data?.items.find((i) => i.id === order?.currentInvoice?.id) ?? null;
  const download = async (i: Invoice) => {
    setDownloading(i.id);
    try {
      await downloadInvoice(i);
    } catch (e) {
      showAlert((e as Error).message);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Invoices"
        description={`What your ${words.unit} pays for this olympiad, the invoice for your bursar, and how to pay.`}
      />
      {orders.isLoading ? <Skeleton height={220} /> : null}
      {orders.error ? (
        <Alert color="red" title="Could not get your order">
          {orders.error.message}
        </Alert>
      ) : null}
      {orders.data && !order ? (
        <Alert color="blue" title="Nothing to pay yet">
          {words.kind === 'country'
            ? 'Your team has no order in this olympiad yet: the organisers enter your country.'
            : 'Your school has no order in this olympiad. Enter the school on the olympiad’s page first.'}
        </Alert>
      ) : null}
      {order ? (
        <Stack gap="lg">
          {order.writingBlocked ? (
            <Alert color="orange" title={`Your ${words.members} cannot write until the ${words.unit} has paid`}>
              This olympiad requires payment before writing. Pay the invoice below (quote the reference), or ask the
              organisers to pre-approve your {words.unit} if payment is on its way.
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Card withBorder radius="md" padding="lg">
              <Group justify="space-between" mb="xs">
                <Title order={2} size="h4">
                  Your order
                </Title>
                <StateBadge state={order.state} />
              </Group>
              <OrderSums order={order} words={words} />
              <SumTable
                label="What is paid"
                rows={[
                  ['Paid so far', money(order.paidCents, order.currency)],
                  ...(settled?.markedPaidCents
                    ? ([
                        ['Marked paid by the organisers', money(settled.markedPaidCents, order.currency)],
                      ] satisfies SumRow[])
                    : []),
                  [due < 0 ? 'Overpaid' : 'Still to pay', money(Math.abs(due), order.currency), true],
                ]}
              />
              {settled?.markedPaidCents ? (
                <Text size="xs" c="dimmed" mt={4}>
                  The organisers marked your order paid
                  {order.statusChangedAt ? ` on ${formatDate(order.statusChangedAt, 'longDate')}` : ''}, without a
                  payment recorded here (money they received another way, or an arrangement with them): nothing is left
                  to pay.
                </Text>
              ) : null}
            </Card>
            <Card withBorder radius="md" padding="lg">
              <Title order={2} size="h4" mb="sm">
                Invoice
              </Title>
              <Stack gap="md">
                <PoNumber key={order.schoolsPO ?? ''} order={order} words={words} />
                {order.currentInvoice ? (
                  <Text size="sm">
                    Invoice <b>{order.currentInvoice.documentNumber}</b> of {formatDate(order.currentInvoice.issuedAt)}:{' '}
                    {money(order.currentInvoice.totalCents, order.currency)}.
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    No invoice is issued yet.
                  </Text>
                )}
                {order.invoiceOutOfDate ? (
                  <Alert color="yellow" variant="light" title="Your order changed since this invoice">
                    The invoice shows {plural(order.currentInvoice!.learners, words.member, words.members)}
                    {order.currentInvoice!.freeLearners ? `, ${order.currentInvoice!.freeLearners} free` : ''} and PO “
                    {order.currentInvoice!.schoolsPO ?? 'none'}”. An updated invoice replaces it; the old one is
                    credited, never changed.
                  </Alert>
                ) : null}
                <Group gap="sm" wrap="wrap">
                  {order.can.issueInvoice && (!order.currentInvoice || order.invoiceOutOfDate) ? (
                    <Button
                      loading={issue.isPending}
                      onClick={() => issue.mutate({ orderId: order.id, mail: true })}
                      disabled={order.learners === 0}
                    >
                      {order.currentInvoice ? 'Issue updated invoice' : 'Issue invoice'}
                    </Button>
                  ) : null}
                  {current ? (
                    <>
                      <Button
                        variant="light"
                        loading={downloading === current.id}
                        onClick={() => void download(current)}
                      >
                        Download PDF
                      </Button>
                      <Button variant="subtle" loading={mail.isPending} onClick={() => mail.mutate(current)}>
                        Email it to me again
                      </Button>
                    </>
                  ) : null}
                </Group>
                {order.learners === 0 ? (
                  <Text size="sm" c="dimmed">
                    {words.kind === 'country'
                      ? 'Register your team members first: the invoice counts them.'
                      : 'Load your learners first: the invoice counts them.'}
                  </Text>
                ) : null}
              </Stack>
            </Card>
          </SimpleGrid>
          {current ? <HowToPay invoice={current} order={order} due={due} words={words} /> : null}
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              Invoices and credit notes
            </Title>
            {invoices.data?.items.length ? (
              <Table.ScrollContainer minWidth={0}>
                <Table aria-label="Invoices and credit notes" verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Document</Table.Th>
                      <Table.Th>Date</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>Download</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {invoices.data.items.map((i) => (
                      <Table.Tr key={i.id}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {i.documentNumber}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {i.kind === 'credit_note'
                              ? `Credit note for ${i.creditsDocumentNumber}`
                              : i.creditedAt
                                ? 'Invoice, credited'
                                : 'Invoice'}
                          </Text>
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(i.issuedAt)}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {money(i.totalCents, i.currency)}
                        </Table.Td>
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="subtle"
                            loading={downloading === i.id}
                            onClick={() => void download(i)}
                            aria-label={`PDF of ${i.documentNumber}`}
                          >
                            PDF
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : (
              <Text size="sm" c="dimmed">
                {invoices.isLoading ? 'Loading…' : 'None yet.'}
              </Text>
            )}
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              Payments received
            </Title>
            {payments.data?.items.length ? (
              <Stack gap={6}>
                {payments.data.items.map((p) => (
                  <Group key={p.id} justify="space-between" wrap="nowrap">
                    <Text size="sm">
                      {formatDate(p.receivedOn, 'date')} · {p.reference || p.method.toUpperCase()}
                      {p.reversedAt ? (
                        <Badge ml="xs" color="gray" variant="light">
                          Reversed
                        </Badge>
                      ) : null}
                    </Text>
                    <Text size="sm" fw={600} td={p.reversedAt ? 'line-through' : undefined}>
                      {money(p.amountCents, order.currency)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                No payments received yet. Payments appear here once the organisers’ bank statement is read, usually
                within a few working days.
              </Text>
            )}
          </Card>
        </Stack>
      ) : null}
    </>
  );
}
