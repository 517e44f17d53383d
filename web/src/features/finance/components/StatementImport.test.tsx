import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StatementReport, type StatementReportLine } from '#contract/finance';
import { ok, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { StatementImport } from './StatementImport.js';

/**
 * The bank statement import: the check's report, then the button that saves it, which says in words what it will
 * save ("Import 1 payment", never "Import 1 payments").
 */

const matched = (lineNo: number): StatementReportLine => ({
  lineNo,
  postedOn: '2026-03-04',
  amountCents: 40_250,
  reference: `GEO0004${lineNo}`,
  description: 'EFT credit',
  outcome: 'matched',
  note: null,
  match: {
    purchaseOrderId: 40 + lineNo,
    schoolName: `School ${lineNo}`,
    paymentReference: `GEO0004${lineNo}`,
    balanceCents: 40_250,
    balanceAfterCents: 0,
  },
});
const unmatched = (lineNo: number): StatementReportLine => ({
  ...matched(lineNo),
  reference: 'CASH DEP',
  outcome: 'unmatched',
  note: 'No payment reference found',
  match: null,
});

function report(lines: StatementReportLine[]) {
  const of = (o: StatementReportLine['outcome']) => lines.filter((l) => l.outcome === o);
  return ok(StatementReport, {
    success: true,
    message: 'Checked',
    dryRun: true,
    format: 'fnb',
    importId: null,
    totals: {
      lines: lines.length,
      matched: of('matched').length,
      unmatched: of('unmatched').length,
      duplicates: 0,
      ignored: 0,
      invalid: 0,
      matchedCents: of('matched').length * 40_250,
      unmatchedCents: of('unmatched').length * 40_250,
    },
    lines,
  });
}

async function check(lines: StatementReportLine[]) {
  stubApi({ 'POST /payment/api/statement': report(lines) });
  const { user, container } = renderWithApp(<StatementImport olympiadId={3} opened onClose={vi.fn()} />);
  const file = new File(['Date,Amount,Reference\n'], 'statement.csv', { type: 'text/csv' });
  await user.upload(container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!, file);
  await user.click(screen.getByRole('button', { name: 'Check' }));
  await screen.findByText('Checked: nothing is saved yet');
}

describe('StatementImport', () => {
  it('one matched line: "Import 1 payment"', async () => {
    await check([matched(1)]);
    expect(screen.getByRole('button', { name: 'Import 1 payment' })).toBeTruthy();
  });

  it('several matched lines and one to match by hand: both counted with their own nouns', async () => {
    await check([matched(1), matched(2), unmatched(3)]);
    expect(screen.getByRole('button', { name: 'Import 2 payments and 1 line to match by hand' })).toBeTruthy();
  });

  it('only lines to match by hand: says so rather than "Import 0 payments"', async () => {
    await check([unmatched(1), unmatched(2)]);
    expect(screen.getByRole('button', { name: 'Import 2 lines to match by hand' })).toBeTruthy();
  });

  it('the report’s lines scroll in a named region a keyboard reaches', async () => {
    await check([matched(1)]);
    const region = screen.getByRole('region', { name: 'Statement lines' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(within(region).getByRole('table', { name: 'Statement lines' })).toBeTruthy();
  });
});
