/** The signals that stop a command that runs until stopped (`record http`, `watch http`, `serve`, `open`). */
const STOP_SIGNALS: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * Resolves at the first SIGINT, SIGTERM or SIGHUP. The handlers are in place when this returns, so call it before
 * the address is announced: a signal sent on seeing it then stops the command cleanly.
 */
export function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      for (const signal of STOP_SIGNALS) process.off(signal, stop);
      resolve();
    };
    for (const signal of STOP_SIGNALS) process.on(signal, stop);
  });
}
