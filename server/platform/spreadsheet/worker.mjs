// The spreadsheet-parsing worker: one file at a time per thread, off the server's event loop.
import { readSpreadsheet } from './reader.mjs';

/** @param {{ bytes: Uint8Array, maxRows: number }} task */
export default function parse({ bytes, maxRows }) {
  return readSpreadsheet(bytes, { maxRows });
}
