/**
 * Runs `step` every `intervalMs` (one step at a time, never overlapping) until the returned
 * function is called; that resolves once a step under way has finished. A failed step is reported
 * to `onError` and the next one runs as planned. The paging workers (escalation, webhook
 * deliveries) keep their state in PostgreSQL, so this loop holds nothing a restart could lose.
 */
export function repeatEvery(step: () => Promise<unknown>, intervalMs: number, onError: (error: unknown) => void): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    timer = setTimeout(() => {
      running = step()
        .then(() => undefined, onError)
        .finally(() => {
          if (!stopped) schedule();
        });
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
