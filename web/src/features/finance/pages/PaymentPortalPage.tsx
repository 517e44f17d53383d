import { Alert, Badge, Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { PurchaseOrder, PurchaseOrderState, PurchaseOrderStatus } from '#contract/finance';
import { formatDate } from '../../../lib/dates.js';
import { money } from '#contract/numbers';
import { Confirm } from '../../../components/Confirm.js';
import { JobProgress } from '../../../components/JobProgress.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { showAlert } from '../../../lib/api/index.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useCurrentRoute } from '../../../lib/routing/index.js';
import { useIssueAll, useIssueAllJob } from '../api/issue-all.js';
import { usePurchaseOrders } from '../api/list-purchase-orders.js';
import { downloadOrders } from '../api/download-exports.js';
import { useSetOrderStatus } from '../api/set-order-status.js';
import { OrderDrawer } from '../components/OrderDrawer.js';
import { StateBadge, stateColors, stateLabels } from '../components/StateBadge.js';
import { StatementImport } from '../components/StatementImport.js';
import { UnmatchedLines } from '../components/UnmatchedLines.js';
import { unitWords } from '#contract/units';

/**
 * /{o}/finance/payments and /{o}/funding/payments (Payment Portal), /{o}/admin/payments (Payments dashboard):
 * every school's purchase order in this olympiad. The accountant and the admin mark an order paid, pre-approved
 * (may write before paying) or not paid, or remove it; funding staff see the same list (decision 020).
 */
export function PaymentPortalPage() {
  const route = useCurrentRoute();
  const { olympiad } = useRouteOlympiad();
  const words = unitWords(olympiad?.kind);
  const list = useListParams('schoolName');
  const [state, setState] = useState<PurchaseOrderState | undefined>(undefined);
  const [fetchDeleted, setFetchDeleted] = useState(false);
  const orders = usePurchaseOrders({ ...list.params, olympiadId: olympiad?.id, fetchDeleted, state });
  const change = useSetOrderStatus();
  const [removing, setRemoving] = useState<PurchaseOrder | null>(null);
  const summary = orders.data?.summary;
  const [openId, setOpenId] = useState<number | null>(null);
  const open = orders.data?.items.find((o) => o.id === openId) ?? null;
  const [importing, setImporting] = useState(false);
  const issueAll = useIssueAll();
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useIssueAllJob(jobId);
  const phone = useMediaQuery('(max-width: 40em)');
  const first = orders.data?.items[0];
  const mayHandleMoney = first?.can.recordPayment ?? false;
  const mayIssue = (first?.can.setStatus && first?.can.issueInvoice) ?? false;

  const set = (order: PurchaseOrder, status: PurchaseOrderStatus | 'delete') =>
    change.mutate({ order, status }, { onSuccess: () => setRemoving(null) });
  const busy = (o: PurchaseOrder) => change.isPending && change.variables?.order.id === o.id;

  const columns: Column<PurchaseOrder>[] = [
    {
      key: 'schoolName',
      label: words.Unit,
      sortable: true,
      render: (o) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {o.schoolName}
          </Text>
          <Text size="xs" c="dimmed">
            {[o.town, o.province].filter(Boolean).join(', ') || '—'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'schoolsPO',
      label: 'PO number',
      render: (o) =>
        o.schoolsPO ?? (
          <Text size="sm" c="dimmed">
            Not given yet
          </Text>
        ),
    },
    {
      key: 'learners',
      label: 'Learners',
      sortable: true,
      render: (o) => (o.freeLearners ? `${o.learners} (${o.freeLearners} free)` : o.learners),
    },
    {
      key: 'amount',
      label: 'Owed / paid',
      sortable: true,
      render: (o) => (
        <Stack gap={0} style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">{money(o.currentInvoice ? o.invoicedCents : o.quote.totalCents, o.currency)}</Text>
          <Text size="xs" c="dimmed">
            {o.currentInvoice ? o.currentInvoice.documentNumber : 'not invoiced'} · paid{' '}
            {money(o.paidCents, o.currency)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'state',
      label: 'State',
      sortable: true,
      render: (o) => (
        <Stack gap={2}>
          <StateBadge state={o.state} />
          {o.statusChangedAt ? (
            <Text size="xs" c="dimmed">
              {o.statusChangedBy ?? 'From invoices and payments'}, {formatDate(o.statusChangedAt)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (o) => {
        const details = (
          <Button
            size="xs"
            variant="default"
            onClick={() => setOpenId(o.id)}
            aria-label={`Open the order of ${o.schoolName}`}
          >
            Open
          </Button>
        );
        if (!o.can.setStatus || phone) return details;
        if (o.state === 'deleted')
          return (
            <Button
              size="xs"
              variant="light"
              loading={busy(o)}
              onClick={() => set(o, 'unpaid')}
              aria-label={`Restore the order of ${o.schoolName}`}
            >
              Restore
            </Button>
          );
        return (
          <Group gap="xs" wrap="wrap">
            {details}
            {o.state !== 'paid' ? (
              <Button
                size="xs"
                loading={busy(o)}
                onClick={() => set(o, 'paid')}
                aria-label={`Mark paid: ${o.schoolName}`}
              >
                Mark paid
              </Button>
            ) : null}
            {o.state === 'unpaid' ? (
              <Button
                size="xs"
                variant="light"
                onClick={() => set(o, 'pre')}
                disabled={busy(o)}
                aria-label={`Pre-approve: ${o.schoolName}`}
              >
                Pre-approve
              </Button>
            ) : null}
            {o.state !== 'unpaid' ? (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => set(o, 'unpaid')}
                disabled={busy(o)}
                aria-label={`Not paid: ${o.schoolName}`}
              >
                Not paid
              </Button>
            ) : null}
            {o.can.delete ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => setRemoving(o)}
                disabled={busy(o)}
                aria-label={`Remove the order of ${o.schoolName}`}
              >
                Remove
              </Button>
            ) : null}
          </Group>
        );
      },
    },
  ];

  const startIssueAll = () =>
    olympiad && issueAll.mutate({ olympiadId: olympiad.id, mail: true }, { onSuccess: (r) => setJobId(r.job.id) });
  const exportOrders = () => olympiad && downloadOrders(olympiad.id).catch((e: Error) => showAlert(e.message));

  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title={route?.title ?? 'Payment Portal'}
        description={`Each participating ${words.unit}’s order: what it owes (${words.members} × the fee, less free ${words.members}, plus VAT), its invoice and what it has paid. Pre-approved ${words.units} may write before they pay; they still count as not paid.`}
        actions={
          <Group gap="xs" wrap="wrap">
            {mayHandleMoney ? <Button onClick={() => setImporting(true)}>Import bank statement</Button> : null}
            {mayIssue ? (
              <Button variant="light" loading={issueAll.isPending} onClick={startIssueAll}>
                Issue all invoices
              </Button>
            ) : null}
            <Button variant="default" onClick={() => void exportOrders()}>
              Export xlsx
            </Button>
          </Group>
        }
      />
      {jobId != null ? (
        <Alert color="blue" variant="light" mb="md" title="Issuing invoices">
          <JobProgress
            job={job.data}
            label="Invoices issued"
            working={{ label: 'Issuing and mailing each invoice', of: 'orders' }}
            doneText="The invoices are issued"
            failedTitle="The invoices could not be issued"
          />
        </Alert>
      ) : null}
      {olympiad && mayHandleMoney ? (
        <UnmatchedLines olympiadId={olympiad.id} orders={orders.data?.items ?? []} />
      ) : null}
      <Group gap="xs" mb="md" aria-label="Orders by state" role="group" wrap="wrap">
        {(['unpaid', 'pre', 'paid', 'deleted'] as const).map((s) => (
          <Badge key={s} size="lg" variant="light" color={stateColors[s]} c="dark.7" radius="sm">
            {stateLabels[s]}: {summary ? summary[s] : '…'}
          </Badge>
        ))}
      </Group>
      <Group gap="md" mb="sm" align="flex-end" wrap="wrap">
        <Select
          label="State"
          placeholder="Any state"
          data={(['unpaid', 'pre', 'paid', 'deleted'] as const).map((s) => ({ value: s, label: stateLabels[s] }))}
          value={state ?? null}
          onChange={(v) => {
            setState((v as PurchaseOrderState | null) ?? undefined);
            list.setPage(1);
          }}
          clearable
          w={200}
        />
        <Checkbox
          label="Include removed orders"
          checked={fetchDeleted}
          onChange={(e) => {
            setFetchDeleted(e.currentTarget.checked);
            list.setPage(1);
          }}
          mb={8}
        />
      </Group>
      <PagedTable
        label="Purchase orders"
        // A phone's card keeps the school, what it owes and has paid, its state and the way into the order.
        columns={phone ? columns.filter((c) => ['schoolName', 'amount', 'state', 'actions'].includes(c.key)) : columns}
        rows={orders.data?.items}
        total={orders.data?.total ?? 0}
        rowKey={(o) => o.id}
        list={list}
        loading={orders.isFetching}
        error={orders.error}
        searchPlaceholder={`Search by ${words.unit} or PO number`}
        empty="No purchase orders match."
        minWidth={phone ? 0 : 640}
      />
      <OrderDrawer
        order={open}
        onClose={() => setOpenId(null)}
        onStatus={(o, status) => (status === 'delete' ? setRemoving(o) : set(o, status))}
        busy={open ? busy(open) : false}
      />
      {olympiad ? (
        <StatementImport olympiadId={olympiad.id} opened={importing} onClose={() => setImporting(false)} />
      ) : null}
      <Confirm
        opened={removing !== null}
        title="Remove this purchase order?"
        confirmLabel="Remove"
        color="red"
        loading={change.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && set(removing, 'delete')}
      >
        {removing ? (
          <>
            The order of <b>{removing.schoolName}</b>
            {removing.schoolsPO ? ` (PO ${removing.schoolsPO})` : ''} is removed. It stays listed under “Include removed
            orders”, where it can be restored.
          </>
        ) : null}
      </Confirm>
    </>
  );
}
