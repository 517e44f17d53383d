/**
 * When the network comes back for a whole school (a router restarted, the power back), every learner's page sees the
 * browser's `online` event in the same second. Sent at once, their kept answers and the reads that follow them arrive
 * as one wave of tens of thousands of connections, more than a server's listening queue holds: the kernel drops most
 * of them, and the learners who never lost the network wait seconds behind the retried ones (bench:offline, decision
 * 089). So a page waits a moment of its own, at random within `RECONNECT_SPREAD_MS`, before it acts on the network's
 * return: the wave becomes a stream the server takes in its stride. A learner loses nothing by it: what they gave is
 * on the device, and an answer they give meanwhile is sent at once.
 */
export const RECONNECT_SPREAD_MS = 15_000;

/**
 * Calls `listener` at this page's own moment after the network returns (not at all if it goes again first).
 * Answers the function that stops listening.
 */
export function onReconnect(listener: () => void, spreadMs = RECONNECT_SPREAD_MS): () => void {
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
    }, Math.random() * spreadMs);
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', cancel);
  return () => {
    cancel();
    window.removeEventListener('online', online);
    window.removeEventListener('offline', cancel);
  };
}
