import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { PurchaseOrder } from '#contract/finance';
import { formatDate } from '../../../lib/dates.js';
import { money } from '#contract/numbers';
import { useIgnoreLine } from '../api/ignore-line.js';
import { useStatementLines } from '../api/list-statement-lines.js';
import { useMatchLine } from '../api/match-line.js';

/** Statement lines no reference matched: match each to a school by hand, or set it aside. */
export function UnmatchedLines({ olympiadId, orders }: { olympiadId: number; orders: PurchaseOrder[] }) {
  const lines = useStatementLines(olympiadId);
  const match = useMatchLine();
  const ignore = useIgnoreLine();
  const [chosen, setChosen] = useState<Record<number, string | null>>({});
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
            <Group gap="xs" wrap="wrap">
              <Select
                aria-label={`School for the payment of ${money(l.amountCents)}`}
                placeholder="Choose the school"
                searchable
                data={options}
                value={chosen[l.id] ?? null}
                onChange={(v) => setChosen({ ...chosen, [l.id]: v })}
                w={260}
              />
              <Button
                size="xs"
                disabled={!chosen[l.id]}
                loading={match.isPending && match.variables?.id === l.id}
                onClick={() => match.mutate({ id: l.id, purchaseOrderId: Number(chosen[l.id]) })}
              >
                Match
              </Button>
              <Button size="xs" variant="subtle" onClick={() => ignore.mutate(l.id)}>
                Set aside
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
