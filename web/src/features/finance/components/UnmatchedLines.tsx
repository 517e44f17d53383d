import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { StatementLineMatchQuery, type PurchaseOrder, type StatementLine } from '#contract/finance';
import { formatDate } from '../../../lib/dates.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { money } from '#contract/numbers';
import { useIgnoreLine } from '../api/ignore-line.js';
import { useStatementLines } from '../api/list-statement-lines.js';
import { useMatchLine } from '../api/match-line.js';

/** One unmatched line: the school it is from (the contract's match query), or set aside. */
function MatchLine({
  line,
  options,
  match,
  ignore,
}: {
  line: StatementLine;
  options: { value: string; label: string }[];
  match: ReturnType<typeof useMatchLine>;
  ignore: ReturnType<typeof useIgnoreLine>;
}) {
  const form = useSchemaForm<{ purchaseOrderId: string | null }, { purchaseOrderId: number }>({
    schema: StatementLineMatchQuery,
    mode: 'controlled',
    initialValues: { purchaseOrderId: null },
    toInput: ({ purchaseOrderId }) => ({ purchaseOrderId: Number(purchaseOrderId) }),
  });
  return (
    <form onSubmit={form.onSubmit(({ purchaseOrderId }) => match.mutate({ id: line.id, purchaseOrderId }))}>
      <Group gap="xs" wrap="wrap">
        <Select
          aria-label={`School for the payment of ${money(line.amountCents)}`}
          placeholder="Choose the school"
          searchable
          data={options}
          w={260}
          {...form.getInputProps('purchaseOrderId')}
        />
        <Button
          type="submit"
          size="xs"
          disabled={!form.values.purchaseOrderId}
          loading={match.isPending && match.variables?.id === line.id}
        >
          Match
        </Button>
        <Button size="xs" variant="subtle" onClick={() => ignore.mutate(line.id)}>
          Set aside
        </Button>
      </Group>
    </form>
  );
}

/** Statement lines no reference matched: match each to a school by hand, or set it aside. */
export function UnmatchedLines({ olympiadId, orders }: { olympiadId: number; orders: PurchaseOrder[] }) {
  const lines = useStatementLines(olympiadId);
  const match = useMatchLine();
  const ignore = useIgnoreLine();
  if (!lines.data?.items.length) return null;
  const options = orders.map((o) => ({
    value: String(o.id),
    label: `${o.schoolName} (${o.paymentReference ?? 'no reference'})`,
  }));
  return (
    <Card withBorder radius="md" padding="lg" mb="lg">
      <Title order={2} size="h4" mb="xs">
        Payments to match by hand ({lines.data.total})
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        These bank lines carry no school’s reference. Choose the school each one is from, or set it aside.
      </Text>
      <Stack gap="sm">
        {lines.data.items.map((l) => (
          <Group key={l.id} justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <div style={{ flex: '1 1 260px' }}>
              <Text size="sm" fw={600}>
                {money(l.amountCents)} on {formatDate(l.postedOn)}
              </Text>
              <Text size="xs" c="dimmed">
                {[l.reference, l.description].filter(Boolean).join(' · ')} ({l.filename}, line {l.lineNo})
              </Text>
            </div>
            <MatchLine line={l} options={options} match={match} ignore={ignore} />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
