import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { OverviewFigures as Figures } from '#contract/reports';
import { formatDate } from '../../lib/dates.js';
import { formatMoney } from '../../lib/money.js';

const count = (n: number) => n.toLocaleString('en-ZA');

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
  const money = f.money.length ? f.money : [{ currency: 'ZAR', invoicedCents: 0, paidCents: 0 }];
  const pct = (part: number, whole: number) => (whole ? `${Math.round((100 * part) / whole)} %` : '–');
  return (
    <Stack gap={6}>
      <SimpleGrid
        cols={{ base: 2, sm: 3, lg: 4 }}
        spacing="sm"
        component="ul"
        aria-label={label}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {f.olympiads > 1 ? <Figure label="Olympiads" value={count(f.olympiads)} /> : null}
        <Figure label="Schools entered" value={count(f.schoolsEntered)} />
        <Figure label="Learners loaded" value={count(f.learnersLoaded)} hint={`${count(f.notStarted)} not started`} />
        <Figure label="Writing now" value={count(f.writingNow)} hint="started, within their time" />
        <Figure
          label="Finished"
          value={count(f.finished)}
          hint={f.learnersLoaded ? `${pct(f.finished, f.learnersLoaded)} of learners` : undefined}
        />
        {money.map((m) => (
          <Figure
            key={`i-${m.currency}`}
            label={money.length > 1 ? `Invoiced (${m.currency})` : 'Invoiced'}
            value={formatMoney(m.invoicedCents, m.currency)}
          />
        ))}
        {money.map((m) => (
          <Figure
            key={`p-${m.currency}`}
            label={money.length > 1 ? `Paid (${m.currency})` : 'Paid'}
            value={formatMoney(m.paidCents, m.currency)}
            hint={m.invoicedCents ? `${pct(m.paidCents, m.invoicedCents)} of invoiced` : undefined}
          />
        ))}
        <Figure
          label="Mail sent"
          value={count(f.mailSent)}
          hint={
            [
              f.mailWaiting ? `${count(f.mailWaiting)} waiting` : '',
              f.mailFailed ? `${count(f.mailFailed)} failed` : '',
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
