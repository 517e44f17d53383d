import { Box, Button, Card, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { figure } from '#contract/numbers';
import { scrollRegion } from '../scroll-region.js';

export interface ChartTable {
  columns: ReadonlyArray<{ header: string; numeric?: boolean }>;
  rows: ReadonlyArray<ReadonlyArray<string | number>>;
}

interface ChartCardProps {
  title: string;
  /** One sentence on what the chart shows. */
  description?: string;
  /** The same figures as the chart, as a table: read by screen readers always, shown on "Show as table". */
  table: ChartTable;
  /** Shown instead of the chart when the table has no rows. */
  empty: string;
  /** Inputs that change what is charted (shown above the chart and the table). */
  controls?: ReactNode;
  children: ReactNode;
}

/**
 * A chart with the table behind it (decision 038): the chart is a picture for the eye (hidden from screen
 * readers); its figures are a real table, visually hidden until "Show as table" shows it in the chart's place.
 */
export function ChartCard({ title, description, table, empty, controls, children }: ChartCardProps) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const headingId = `${id}-title`;
  // Shown, the table scrolls sideways on a phone: a named region the keyboard reaches. Hidden behind the chart (for
  // screen readers), it is no scroll area at all: a tab stop there would land on nothing to be seen, and a scroll
  // area that is no tab stop is one a keyboard cannot reach (axe: scrollable-region-focusable).
  const grid = (shown: boolean) => {
    const figures = (
      <Table aria-labelledby={headingId} verticalSpacing={4} fz="sm" striped>
        <Table.Thead>
          <Table.Tr>
            {table.columns.map((c) => (
              <Table.Th key={c.header} ta={c.numeric ? 'right' : undefined} scope="col">
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row, i) => (
            <Table.Tr key={i}>
              {row.map((cell, j) => (
                <Table.Td key={j} ta={table.columns[j]?.numeric ? 'right' : undefined}>
                  {typeof cell === 'number' ? figure(cell) : cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
    if (!shown) return figures;
    return (
      <Table.ScrollContainer
        minWidth={Math.max(280, table.columns.length * 110)}
        scrollAreaProps={scrollRegion(`${title}, as a table`)}
      >
        {figures}
      </Table.ScrollContainer>
    );
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <div>
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </div>
        {table.rows.length ? (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setAsTable((v) => !v)}
            aria-pressed={asTable}
            style={{ flexShrink: 0 }}
          >
            {asTable ? 'Show as chart' : 'Show as table'}
          </Button>
        ) : null}
      </Group>
      {controls}
      {!table.rows.length ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : asTable ? (
        grid(true)
      ) : (
        <>
          <Box aria-hidden="true">{children}</Box>
          <VisuallyHidden>{grid(false)}</VisuallyHidden>
        </>
      )}
    </Card>
  );
}
