/**
 * When the network comes back for a whole school (a router restarted, the power back), every learner's page sees the
 * browser's `online` event in the same second. Sent at once, their kept answers and the reads that follow them arrive
 * as one wave of tens of thousands of connections, more than a server's listening queue holds: the kernel drops most
 * of them, and the learners who never lost the network wait seconds behind the retried ones (bench:offline, decision
 * 089). So a page waits a moment of its own, at random within a spread, before it acts on the network's return: the
 * wave becomes a stream the server takes in its stride. The server says how long with the paper, from how many
 * learners are writing (a few seconds for one school, half a minute for a district); a page that has not heard waits
 * within `RECONNECT_SPREAD_MS`. A learner loses nothing by it: what they gave is on the device, and an answer they give
 * meanwhile is sent at once.
 */
export const RECONNECT_SPREAD_MS = 30_000;

let spread = RECONNECT_SPREAD_MS;

/** The spread the server gave with the paper (`Paper.reconnectSpreadSeconds`). */
export function setReconnectSpread(seconds: number): void {
  spread = Math.max(0, seconds) * 1000;
}

/**
 * Calls `listener` at this page's own moment after the network returns (not at all if it goes again first).
 * Answers the function that stops listening.
 */
export function onReconnect(listener: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const online = () => {
    cancel();
    timer = setTimeout(() => {
      timer = null;
      listener();
    }, Math.random() * spread);
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', cancel);
  return () => {
    cancel();
    window.removeEventListener('online', online);
    window.removeEventListener('offline', cancel);
  };
}
