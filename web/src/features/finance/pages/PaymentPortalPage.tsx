import { Badge, Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { PurchaseOrder, PurchaseOrderState, PurchaseOrderStatus } from '#contract/finance';
import { formatDate } from '../../../lib/dates.js';
import { Confirm } from '../../../components/Confirm.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useCurrentRoute } from '../../../lib/routing/index.js';
import { usePurchaseOrders } from '../api/list-purchase-orders.js';
import { useSetOrderStatus } from '../api/set-order-status.js';

const stateLabels: Record<PurchaseOrderState, string> = {
  paid: 'Paid',
  pre: 'Pre-approved',
  unpaid: 'Not paid',
  deleted: 'Removed',
};
const stateColors: Record<PurchaseOrderState, string> = {
  paid: 'green',
  pre: 'blue',
  unpaid: 'orange',
  deleted: 'gray',
};

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-ZA', { style: 'currency', currency }).format(cents / 100);

function StateBadge({ state }: { state: PurchaseOrderState }) {
  return (
    <Badge color={stateColors[state]} variant="light" radius="sm" style={{ minWidth: 'max-content' }}>
      {stateLabels[state]}
    </Badge>
  );
}

/**
 * /{o}/finance/payments and /{o}/funding/payments (Payment Portal), /{o}/admin/payments (Payments dashboard):
 * every school's purchase order in this olympiad. The accountant and the admin mark an order paid, pre-approved
 * (may write before paying) or not paid, or remove it; funding staff see the same list (decision 020).
 */
export function PaymentPortalPage() {
  const route = useCurrentRoute();
  const { olympiad } = useRouteOlympiad();
  const list = useListParams('schoolName');
  const [state, setState] = useState<PurchaseOrderState | undefined>(undefined);
  const [fetchDeleted, setFetchDeleted] = useState(false);
  const orders = usePurchaseOrders({ ...list.params, olympiadId: olympiad?.id, fetchDeleted, state });
  const change = useSetOrderStatus();
  const [removing, setRemoving] = useState<PurchaseOrder | null>(null);
  const summary = orders.data?.summary;

  const set = (order: PurchaseOrder, status: PurchaseOrderStatus | 'delete') =>
    change.mutate({ order, status }, { onSuccess: () => setRemoving(null) });
  const busy = (o: PurchaseOrder) => change.isPending && change.variables?.order.id === o.id;

  const columns: Column<PurchaseOrder>[] = [
    {
      key: 'schoolName',
      label: 'School',
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
      label: 'Amount',
      sortable: true,
      render: (o) => <span style={{ whiteSpace: 'nowrap' }}>{money(o.amountCents, o.currency)}</span>,
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
              {o.statusChangedBy ?? 'Someone'}, {formatDate(o.statusChangedAt)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (o) => {
        if (!o.can.setStatus)
          return (
            <Text size="sm" c="dimmed">
              View only
            </Text>
          );
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
          <Group gap="xs" wrap="nowrap">
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
            {o.state !== 'pre' ? (
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

  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title={route?.title ?? 'Payment Portal'}
        description="Each participating school’s purchase order: its number, what it owes (learners × the fee, less free learners) and whether it is paid. Pre-approved schools may write before they pay; they still count as not paid."
      />
      <Group gap="xs" mb="md" aria-label="Orders by state" role="group" wrap="wrap">
        {(['unpaid', 'pre', 'paid', 'deleted'] as const).map((s) => (
          <Badge key={s} size="lg" variant="light" color={stateColors[s]} radius="sm">
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
        columns={columns}
        rows={orders.data?.items}
        total={orders.data?.total ?? 0}
        rowKey={(o) => o.id}
        list={list}
        loading={orders.isFetching}
        error={orders.error}
        searchPlaceholder="Search by school or PO number"
        empty="No purchase orders match."
      />
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
