import { Alert, Badge, Button, FileInput, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { StatementFormat, type StatementReport } from '#contract/finance';
import { count, money } from '#contract/numbers';
import { scrollRegion } from '../../../components/scroll-region.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useImportStatement } from '../api/import-statement.js';

const outcomeColors = {
  matched: 'teal',
  unmatched: 'orange',
  duplicate: 'gray',
  ignored: 'gray',
  invalid: 'red',
} as const;
const formats = [
  { value: 'auto', label: 'Recognise the bank' },
  { value: 'fnb', label: 'FNB' },
  { value: 'absa', label: 'ABSA' },
  { value: 'standard-bank', label: 'Standard Bank' },
  { value: 'nedbank', label: 'Nedbank' },
  { value: 'capitec', label: 'Capitec' },
];

/** What the import asks for besides the olympiad: the file and the bank (the contract's `format`). */
const StatementForm = z.object({
  file: z.instanceof(File, { message: 'Choose the statement file' }),
  format: StatementFormat,
});
type StatementValues = { file: File | null; format: z.infer<typeof StatementFormat> };

/**
 * What the import button saves: the matched lines become payments, the others wait to be matched by hand
 * ("Import 1 payment", "Import 3 payments and 1 line to match by hand").
 */
function importLabel({ totals }: StatementReport): string {
  const byHand = count(totals.unmatched, 'line');
  if (!totals.matched) return `Import ${byHand} to match by hand`;
  const payments = count(totals.matched, 'payment');
  return totals.unmatched ? `Import ${payments} and ${byHand} to match by hand` : `Import ${payments}`;
}

/**
 * Import a bank statement in two steps: check (nothing is saved: the report shows each line matched, to match by
 * hand, already imported or ignored, with the balance it leaves), then import.
 */
export function StatementImport({
  olympiadId,
  opened,
  onClose,
}: {
  olympiadId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const form = useSchemaForm<StatementValues, z.infer<typeof StatementForm>>({
    schema: StatementForm,
    mode: 'controlled',
    initialValues: { file: null, format: 'auto' },
  });
  // The report of the last check or import: what the server answered, not a field.
  const [report, setReport] = useState<StatementReport | null>(null);
  const run = useImportStatement();
  const close = () => {
    form.setFieldValue('file', null);
    setReport(null);
    run.reset();
    onClose();
  };
  // Check (a dry run, nothing saved) and import send the same form.
  const send = (dryRun: boolean) =>
    form.onSubmit(({ file, format }) =>
      run.mutate({ olympiadId, file, dryRun, format }, { onSuccess: setReport, onError: form.setServerErrors }),
    );
  const saved = report && !report.dryRun;
  return (
    <Modal opened={opened} onClose={close} title="Import a bank statement" size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Export the account’s transactions from online banking as CSV. Each payment is matched to a school by the
          payment reference on its invoice. Nothing is saved until you import.
        </Text>
        <form onSubmit={send(true)}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <FileInput
              label="Statement (CSV or xlsx)"
              placeholder="Choose file"
              accept=".csv,.xlsx,text/csv"
              clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
              style={{ flex: '1 1 240px' }}
              clearable
              {...form.getInputProps('file')}
              onChange={(f) => {
                form.setFieldValue('file', f);
                setReport(null);
              }}
            />
            <Select label="Bank" data={formats} w={200} allowDeselect={false} {...form.getInputProps('format')} />
            <Button
              type="submit"
              disabled={!form.values.file || !!saved}
              loading={run.isPending && run.variables?.dryRun}
            >
              Check
            </Button>
          </Group>
        </form>
        {run.error ? (
          <Alert color="red" title="The statement could not be read">
            {run.error.message}
          </Alert>
        ) : null}
        {report ? (
          <>
            <Alert
              color={saved ? 'teal' : 'blue'}
              variant="light"
              title={saved ? 'Imported' : 'Checked: nothing is saved yet'}
            >
              {report.totals.matched} matched ({money(report.totals.matchedCents)}), {report.totals.unmatched} to match
              by hand ({money(report.totals.unmatchedCents)}), {report.totals.duplicates} imported before,{' '}
              {report.totals.ignored} money out, {report.totals.invalid} unreadable.
            </Alert>
            <Table.ScrollContainer minWidth={600} mah={360} scrollAreaProps={scrollRegion('Statement lines')}>
              <Table aria-label="Statement lines" verticalSpacing={4} fz="sm" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Line</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th>Reference / description</Table.Th>
                    <Table.Th>Outcome</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.lines.map((l) => (
                    <Table.Tr key={l.lineNo}>
                      <Table.Td>{l.lineNo}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{l.postedOn ?? '—'}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {l.amountCents == null ? '—' : money(l.amountCents)}
                      </Table.Td>
                      <Table.Td>{[l.reference, l.description].filter(Boolean).join(' · ')}</Table.Td>
                      <Table.Td>
                        <Badge color={outcomeColors[l.outcome]} variant="light" c="dark.7">
                          {l.outcome}
                        </Badge>
                        {l.match ? (
                          <Text size="xs">
                            {l.match.schoolName}: balance {money(l.match.balanceCents)} →{' '}
                            {money(l.match.balanceAfterCents)}
                          </Text>
                        ) : null}
                        {l.note ? (
                          <Text size="xs" c="dimmed">
                            {l.note}
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="flex-end">
              {saved ? (
                <Button onClick={close}>Done</Button>
              ) : (
                <>
                  <Button variant="default" onClick={close}>
                    Cancel
                  </Button>
                  <Button
                    onClick={() => send(false)()}
                    loading={run.isPending && run.variables?.dryRun === false}
                    disabled={report.totals.matched + report.totals.unmatched === 0}
                  >
                    {importLabel(report)}
                  </Button>
                </>
              )}
            </Group>
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
