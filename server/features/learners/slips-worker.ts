// The slip-drawing worker (slips-pool.ts): one school's sign-in slips at a time per thread, off the event loop.
import { type SlipsTask, slipsPdfOf } from './slips.js';

export default function draw(task: SlipsTask): Promise<Uint8Array> {
  return slipsPdfOf(task);
}
