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
import { figure, money, rate } from '#contract/numbers';
import { T, useT } from '../../../lib/i18n/index.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { downloadInvoice } from '../api/download-invoice.js';
import { useIssueInvoice } from '../api/issue-invoice.js';
import { useInvoices } from '../api/list-invoices.js';
import { useMailInvoice } from '../api/mail-invoice.js';
import { usePurchaseOrders } from '../api/list-purchase-orders.js';
import { useSetSchoolPO } from '../api/set-school-po.js';
import { usePayments } from '../api/list-payments.js';
import { StateBadge } from '../components/StateBadge.js';

/** `yes` for a country's team, `no` for a school: what the catalogue's messages select on (decision 039). */
type Team = 'yes' | 'no';

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

function OrderSums({ order, team }: { order: PurchaseOrder; team: Team }) {
  const t = useT();
  const m = (c: number) => money(c, order.currency);
  const members = t('portal.invoices.members', { team, count: order.learners, n: figure(order.learners) });
  const rows: SumRow[] = [
    [t('portal.invoices.line', { members, fee: m(order.feeCents) }), m(order.learners * order.feeCents)],
    ...(order.freeLearners
      ? ([
          [
            t('portal.invoices.free', { team, count: order.freeLearners, n: figure(order.freeLearners) }),
            m(-Math.min(order.freeLearners, order.learners) * order.feeCents),
          ],
        ] satisfies SumRow[])
      : []),
    [t('portal.invoices.subtotal'), m(order.quote.subtotalCents)],
    [
      order.quote.vatRateBp
        ? t('portal.invoices.vatRate', { rate: rate(order.quote.vatRateBp) })
        : t('portal.invoices.vat'),
      m(order.quote.vatCents),
    ],
    [t('portal.invoices.total'), m(order.quote.totalCents), true],
  ];
  return <SumTable label={t('portal.invoices.pays', { team })} rows={rows} />;
}

function PoNumber({ order, team }: { order: PurchaseOrder; team: Team }) {
  const t = useT();
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
          label={t('portal.invoices.po', { team })}
          description={t('portal.invoices.poHelp')}
          placeholder={t('portal.invoices.poPlaceholder')}
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
          {t('portal.invoices.saveNumber')}
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

function HowToPay({ invoice, order, due, team }: { invoice: Invoice; order: PurchaseOrder; due: number; team: Team }) {
  const t = useT();
  const p = invoice.payTo;
  const reference = t('portal.invoices.reference');
  const rows: [string, string][] = [
    [t('portal.invoices.bank'), p.bankName],
    [t('portal.invoices.holder'), p.bankAccountName],
    [t('portal.invoices.account'), p.bankAccountNumber],
    [t('portal.invoices.branch'), p.bankBranchCode],
    ...(p.bankSwift ? ([[t('portal.invoices.swift'), p.bankSwift]] as [string, string][]) : []),
    [reference, invoice.paymentReference],
  ];
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="xs">
        {t('portal.invoices.howToPay')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {due > 0
          ? t('portal.invoices.payDue', { team, amount: money(due, order.currency) })
          : t('portal.invoices.payNothing', { team })}
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} aria-label={t('portal.invoices.bankDetails')}>
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Td c="dimmed" w={150}>
                {k}
              </Table.Td>
              <Table.Td fw={k === reference ? 700 : 500} ff={k === reference ? 'monospace' : undefined}>
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
  const t = useT();
  const { olympiad } = useRouteOlympiad();
  const team: Team = olympiad?.kind === 'country' ? 'yes' : 'no';
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
        title={t('portal.invoices.title')}
        description={t('portal.invoices.description', { team })}
      />
      {orders.isLoading ? <Skeleton height={220} /> : null}
      {orders.error ? (
        <Alert color="red" title={t('portal.invoices.orderFailed')}>
          {orders.error.message}
        </Alert>
      ) : null}
      {orders.data && !order ? (
        <Alert color="blue" title={t('portal.invoices.nothingYet')}>
          {t('portal.invoices.noOrder', { team })}
        </Alert>
      ) : null}
      {order ? (
        <Stack gap="lg">
          {order.writingBlocked ? (
            <Alert color="orange" title={t('portal.invoices.blocked', { team })}>
              {t('portal.invoices.blockedBody', { team })}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Card withBorder radius="md" padding="lg">
              <Group justify="space-between" mb="xs">
                <Title order={2} size="h4">
                  {t('portal.invoices.order')}
                </Title>
                <StateBadge state={order.state} />
              </Group>
              <OrderSums order={order} team={team} />
              <SumTable
                label={t('portal.invoices.whatPaid')}
                rows={[
                  [t('portal.invoices.paidSoFar'), money(order.paidCents, order.currency)],
                  ...(settled?.markedPaidCents
                    ? ([
                        [t('portal.invoices.markedPaid'), money(settled.markedPaidCents, order.currency)],
                      ] satisfies SumRow[])
                    : []),
                  [
                    due < 0 ? t('portal.invoices.overpaid') : t('portal.invoices.stillToPay'),
                    money(Math.abs(due), order.currency),
                    true,
                  ],
                ]}
              />
              {settled?.markedPaidCents ? (
                <Text size="xs" c="dimmed" mt={4}>
                  {order.statusChangedAt
                    ? t('portal.invoices.markedNoteOn', { day: formatDate(order.statusChangedAt, 'longDate') })
                    : t('portal.invoices.markedNote')}
                </Text>
              ) : null}
            </Card>
            <Card withBorder radius="md" padding="lg">
              <Title order={2} size="h4" mb="sm">
                {t('portal.invoices.invoice')}
              </Title>
              <Stack gap="md">
                <PoNumber key={order.schoolsPO ?? ''} order={order} team={team} />
                {order.currentInvoice ? (
                  <Text size="sm">
                    <T
                      id="portal.invoices.current"
                      values={{
                        number: order.currentInvoice.documentNumber,
                        date: formatDate(order.currentInvoice.issuedAt),
                        amount: money(order.currentInvoice.totalCents, order.currency),
                      }}
                      components={{ 0: <b /> }}
                    />
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('portal.invoices.noneIssued')}
                  </Text>
                )}
                {order.invoiceOutOfDate ? (
                  <Alert color="yellow" variant="light" title={t('portal.invoices.changed')}>
                    {t('portal.invoices.changedBody', {
                      members: t('portal.invoices.members', {
                        team,
                        count: order.currentInvoice!.learners,
                        n: figure(order.currentInvoice!.learners),
                      }),
                      free: order.currentInvoice!.freeLearners
                        ? t('portal.invoices.changedFree', { count: order.currentInvoice!.freeLearners })
                        : '',
                      po: order.currentInvoice!.schoolsPO ?? t('portal.invoices.none'),
                    })}
                  </Alert>
                ) : null}
                <Group gap="sm" wrap="wrap">
                  {order.can.issueInvoice && (!order.currentInvoice || order.invoiceOutOfDate) ? (
                    <Button
                      loading={issue.isPending}
                      onClick={() => issue.mutate({ orderId: order.id, mail: true })}
                      disabled={order.learners === 0}
                    >
                      {order.currentInvoice ? t('portal.invoices.issueUpdated') : t('portal.invoices.issue')}
                    </Button>
                  ) : null}
                  {current ? (
                    <>
                      <Button
                        variant="light"
                        loading={downloading === current.id}
                        onClick={() => void download(current)}
                      >
                        {t('portal.invoices.downloadPdf')}
                      </Button>
                      <Button variant="subtle" loading={mail.isPending} onClick={() => mail.mutate(current)}>
                        {t('portal.invoices.emailAgain')}
                      </Button>
                    </>
                  ) : null}
                </Group>
                {order.learners === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('portal.invoices.loadFirst', { team })}
                  </Text>
                ) : null}
              </Stack>
            </Card>
          </SimpleGrid>
          {current ? <HowToPay invoice={current} order={order} due={due} team={team} /> : null}
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t('portal.invoices.documents')}
            </Title>
            {invoices.data?.items.length ? (
              <Table.ScrollContainer minWidth={0}>
                <Table aria-label={t('portal.invoices.documents')} verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('portal.invoices.col.document')}</Table.Th>
                      <Table.Th>{t('portal.invoices.col.date')}</Table.Th>
                      <Table.Th ta="right">{t('portal.invoices.col.amount')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('portal.invoices.col.download')}</VisuallyHidden>
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
                              ? t('portal.invoices.creditNote', { number: i.creditsDocumentNumber })
                              : i.creditedAt
                                ? t('portal.invoices.credited')
                                : t('portal.invoices.invoice')}
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
                            aria-label={t('portal.invoices.pdfOf', { number: i.documentNumber })}
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
                {invoices.isLoading ? t('portal.invoices.loading') : t('portal.invoices.noneYet')}
              </Text>
            )}
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t('portal.invoices.payments')}
            </Title>
            {payments.data?.items.length ? (
              <Stack gap={6}>
                {payments.data.items.map((p) => (
                  <Group key={p.id} justify="space-between" wrap="nowrap">
                    <Text size="sm">
                      {formatDate(p.receivedOn, 'date')} · {p.reference || p.method.toUpperCase()}
                      {p.reversedAt ? (
                        <Badge ml="xs" color="gray" variant="light">
                          {t('portal.invoices.reversed')}
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
                {t('portal.invoices.noPayments')}
              </Text>
            )}
          </Card>
        </Stack>
      ) : null}
    </>
  );
}
