/**
 * The server's CSV writer is the contract's (contract/csv.ts), shared with the browser so that both neutralise
 * formula-like cells by one rule; this module keeps the server's imports of it where they were.
 */
export { type CsvValue, csvCell, neutraliseCell, restoreCsvCell, writeCsv } from '#contract/csv';
