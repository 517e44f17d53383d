import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { StatementImportQuery, StatementReport, type StatementReportLine } from '#contract/finance';
import { figure } from '#contract/numbers';
import type { Queryable } from '../../../db/client.js';
import type { Actor } from '../../../http/actor.js';
import { badRequest, conflict } from '../../../http/errors.js';
import { reach } from '../../../http/reach.js';
import { route } from '../../../http/route.js';
import { audit } from '../../../platform/audit.js';
import { readSheet } from '../../../platform/spreadsheet/index.js';
import { readUpload } from '../../../platform/upload.js';
import { carriesReference } from '../money.js';
import { recomputePaid } from '../paid.js';
import { financePolicy } from '../policy.js';
import { type ParsedLine, type ParsedStatement, parseStatement, StatementError } from './statement.js';
import * as queries from './statement-queries.js';

const tags = ['finance'];
const { access } = financePolicy;
const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;
const MAX_STATEMENT_ROWS = 20_000;

/** A line of the report, with the fingerprint that stores it (left out of the answer). */
type ReportLine = StatementReportLine & { fingerprint: string };
type Totals = z.infer<typeof StatementReport>['totals'];

/** The statement's lines as read from its sheet (400 when the sheet is not a statement of the format). */
function parsedStatement(
  sheet: Awaited<ReturnType<typeof readSheet>>,
  query: z.output<typeof StatementImportQuery>,
): ParsedStatement {
  try {
    return parseStatement(sheet, query.format, query);
  } catch (err) {
    if (err instanceof StatementError) throw badRequest(err.message);
    throw err;
  }
}

/**
 * What becomes of each line: invalid, ignored (money out), a duplicate of a line imported before, unmatched (no
 * order's reference, or several) or matched to the one order whose payment reference it carries. Matched lines
 * take their amount off that order's balance in turn, so the report shows each balance as it would be after them.
 */
function reportLines(parsed: ParsedLine[], orders: queries.MatchableOrder[], known: Set<string>): ReportLine[] {
  const balances = new Map(orders.map((o) => [o.id, o.balanceCents]));
  const lines: ReportLine[] = [];
  for (const l of parsed) {
    const base = {
      lineNo: l.lineNo,
      postedOn: l.postedOn,
      amountCents: l.amountCents,
      reference: l.reference,
      description: l.description,
      fingerprint: l.fingerprint,
    };
    if (l.problem) {
      lines.push({ ...base, outcome: 'invalid', note: l.problem, match: null });
      continue;
    }
    if (l.amountCents! <= 0) {
      lines.push({ ...base, outcome: 'ignored', note: 'Money out (not a payment received)', match: null });
      continue;
    }
    if (known.has(l.fingerprint)) {
      lines.push({
        ...base,
        outcome: 'duplicate',
        note: 'Imported before, from an earlier statement',
        match: null,
      });
      continue;
    }
    const text = `${l.reference} ${l.description}`;
    const hits = orders.filter((o) => carriesReference(text, o.reference));
    if (hits.length !== 1) {
      lines.push({
        ...base,
        outcome: 'unmatched',
        note: hits.length
          ? `Carries ${hits.length} orders’ references: match it by hand`
          : 'No order’s payment reference found',
        match: null,
      });
      continue;
    }
    const o = hits[0]!;
    const before = balances.get(o.id)!;
    const after = before - l.amountCents!;
    balances.set(o.id, after);
    lines.push({
      ...base,
      outcome: 'matched',
      note: after < 0 ? 'Overpaid' : after > 0 ? 'Part payment' : null,
      match: {
        purchaseOrderId: o.id,
        schoolName: o.schoolName,
        paymentReference: o.reference,
        balanceCents: before,
        balanceAfterCents: after,
      },
    });
  }
  return lines;
}

/** How many lines have each outcome, and the sums of the matched and the unmatched. */
function totalsOf(lines: ReportLine[]): Totals {
  const count = (o: string) => lines.filter((l) => l.outcome === o).length;
  const sum = (o: string) => lines.filter((l) => l.outcome === o).reduce((t, l) => t + (l.amountCents ?? 0), 0);
  return {
    lines: lines.length,
    matched: count('matched'),
    unmatched: count('unmatched'),
    duplicates: count('duplicate'),
    ignored: count('ignored'),
    invalid: count('invalid'),
    matchedCents: sum('matched'),
    unmatchedCents: sum('unmatched'),
  };
}

/**
 * Saves the import in one transaction: its record, its matched and unmatched lines, a payment for each matched
 * line, the orders' paid marks and the audit row. 409 when another import of the same statement saved a line
 * meanwhile. Answers the import's id.
 */
async function saveImport(
  db: Queryable,
  actor: Actor,
  ip: string,
  statement: { olympiadId: number; fileName: string; format: string },
  lines: ReportLine[],
  totals: Totals,
): Promise<number> {
  const { olympiadId, fileName, format } = statement;
  return db.transaction(async (tx) => {
    const id = await queries.insertImport(tx, {
      olympiadId,
      filename: fileName,
      format,
      lines: totals.lines,
      matched: totals.matched,
      unmatched: totals.unmatched,
      duplicates: totals.duplicates,
      by: actor.userId,
    });
    const saved = lines.filter(
      (l): l is typeof l & { outcome: 'matched' | 'unmatched' } => l.outcome === 'matched' || l.outcome === 'unmatched',
    );
    const lineIds = await queries.insertLines(
      tx,
      { importId: id, olympiadId, by: actor.userId },
      saved.map((l) => ({
        lineNo: l.lineNo,
        postedOn: l.postedOn!,
        amountCents: l.amountCents!,
        reference: l.reference,
        description: l.description,
        fingerprint: l.fingerprint,
        status: l.outcome,
        purchaseOrderId: l.match?.purchaseOrderId ?? null,
      })),
    );
    // A line skipped as already there was saved by another import of this statement since it was checked.
    if (lineIds.size !== saved.length)
      throw conflict('This statement was imported at the same moment by someone else: check again');
    const paid = saved.filter((l) => l.match);
    await queries.insertStatementPayments(
      tx,
      { olympiadId, by: actor.userId },
      paid.map((l) => ({
        purchaseOrderId: l.match!.purchaseOrderId,
        amountCents: l.amountCents!,
        receivedOn: l.postedOn!,
        reference: l.reference || l.description,
        note: `Bank statement ${fileName}, line ${l.lineNo}`,
        statementLineId: lineIds.get(l.fingerprint)!,
      })),
    );
    const touched = new Set(paid.map((l) => l.match!.purchaseOrderId));
    for (const orderId of touched) await recomputePaid(tx, orderId);
    await audit(tx, actor, 'payment.import', {
      ip,
      entityId: id,
      olympiadId,
      data: { filename: fileName, format, ...totals },
    });
    return id;
  });
}

/**
 * Bank statements (decision 032): a statement read, each credit matched to an order by its payment reference,
 * checked first (a dry run) and then imported.
 */
export async function statementRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/payment/api/statement',
    summary:
      'Read a bank statement (csv or xlsx; FNB, ABSA, Standard Bank, Nedbank, Capitec or generic with named columns) and ' +
      'match each credit to an order by its payment reference. dryRun=true (default) saves nothing and answers the ' +
      'report; dryRun=false saves the import: matched lines become payments, unmatched ones wait, duplicates are skipped',
    tags,
    access: access.recordPayment,
    upload: 'file',
    query: StatementImportQuery,
    response: StatementReport,
    // No route transaction: the file is read whole first, and only the import's writes (with their audit row)
    // run in one, so no database connection waits on the sender.
    handler: async ({ db, req, actor, query }) => {
      reach(actor, access.recordPayment, query.olympiadId);
      const upload = await readUpload(req, { maxBytes: MAX_STATEMENT_BYTES });
      const sheet = await readSheet(upload.bytes, {
        maxRows: MAX_STATEMENT_ROWS,
        tooManyRows: `A statement has at most ${figure(MAX_STATEMENT_ROWS)} lines: split it`,
        notSpreadsheet: 'This is not a csv or xlsx bank statement',
        unreadable: 'This statement could not be read',
      });
      const parsed = parsedStatement(sheet, query);
      const orders = await queries.matchableOrders(db, query.olympiadId);
      const known = await queries.knownFingerprints(
        db,
        query.olympiadId,
        parsed.lines.map((l) => l.fingerprint),
      );
      const lines = reportLines(parsed.lines, orders, known);
      const totals = totalsOf(lines);
      let importId: number | null = null;
      if (!query.dryRun) {
        if (!totals.matched && !totals.unmatched) throw conflict('This statement has no new payments to import');
        importId = await saveImport(
          db,
          actor,
          req.ip,
          { olympiadId: query.olympiadId, fileName: upload.fileName, format: parsed.format },
          lines,
          totals,
        );
      }
      const words = `${totals.matched} matched, ${totals.unmatched} to match by hand, ${totals.duplicates} already imported`;
      return {
        success: true as const,
        message: query.dryRun ? `Checked: ${words}. Nothing is saved yet.` : `Imported: ${words}`,
        dryRun: query.dryRun,
        format: parsed.format,
        importId,
        totals,
        lines: lines.map(({ fingerprint: _f, ...l }) => l),
      };
    },
  });
}
