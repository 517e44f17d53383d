import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { OverviewFigures as Figures } from '#contract/reports';
import { formatDate } from '../../lib/dates.js';
import { figure, money, percent } from '#contract/numbers';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string | undefined }) {
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

/**
 * The headline figures of an overview: schools entered, learners loaded, writing now, finished, invoiced and paid
 * (per currency), mail sent.
 */
export function OverviewFigures({ figures: f, label, asOf }: { figures: Figures; label: string; asOf: string }) {
  const totals = f.money.length ? f.money : [{ currency: 'ZAR', invoicedCents: 0, paidCents: 0 }];
  return (
    <Stack gap={6}>
      <SimpleGrid
        cols={{ base: 2, sm: 3, lg: 4 }}
        spacing="sm"
        component="ul"
        aria-label={label}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {f.olympiads > 1 ? <Figure label="Olympiads" value={figure(f.olympiads)} /> : null}
        <Figure label="Schools entered" value={figure(f.schoolsEntered)} />
        <Figure label="Learners loaded" value={figure(f.learnersLoaded)} hint={`${figure(f.notStarted)} not started`} />
        <Figure label="Writing now" value={figure(f.writingNow)} hint="started, within their time" />
        <Figure
          label="Finished"
          value={figure(f.finished)}
          hint={f.learnersLoaded ? `${percent(f.finished, f.learnersLoaded)} of learners` : undefined}
        />
        {totals.map((m) => (
          <Figure
            key={`i-${m.currency}`}
            label={totals.length > 1 ? `Invoiced (${m.currency})` : 'Invoiced'}
            value={money(m.invoicedCents, m.currency)}
          />
        ))}
        {totals.map((m) => (
          <Figure
            key={`p-${m.currency}`}
            label={totals.length > 1 ? `Paid (${m.currency})` : 'Paid'}
            value={money(m.paidCents, m.currency)}
            hint={m.invoicedCents ? `${percent(m.paidCents, m.invoicedCents)} of invoiced` : undefined}
          />
        ))}
        <Figure
          label="Mail sent"
          value={figure(f.mailSent)}
          hint={
            [
              f.mailWaiting ? `${figure(f.mailWaiting)} waiting` : '',
              f.mailFailed ? `${figure(f.mailFailed)} failed` : '',
            ]
              .filter(Boolean)
              .join(', ') || undefined
          }
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Figures as of {formatDate(asOf, 'time')}; they are read again at most every half minute.
      </Text>
    </Stack>
  );
}
