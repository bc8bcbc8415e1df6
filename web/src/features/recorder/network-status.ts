/** Whether the laptop is on the Wi-Fi, and the upload loop's waits that end early when it comes back. */

export interface NetworkStatus {
  isOnline(): boolean;
  /** Calls `listener` on every 'online' event; returns the unsubscribe. */
  onOnline(listener: () => void): () => void;
  /** Calls `listener` on every 'offline' event; returns the unsubscribe. */
  onOffline(listener: () => void): () => void;
}

export const browserNetwork: NetworkStatus = {
  isOnline: () => typeof navigator === "undefined" || navigator.onLine !== false,
  onOnline: (listener) => {
    window.addEventListener("online", listener);
    return () => window.removeEventListener("online", listener);
  },
  onOffline: (listener) => {
    window.addEventListener("offline", listener);
    return () => window.removeEventListener("offline", listener);
  },
};

/** Resolves after `ms`, on the next 'online' event (the Wi-Fi is back: try now, not in 15 s), or when `signal` aborts. */
export function pause(
  network: NetworkStatus,
  sleep: (ms: number, signal: AbortSignal) => Promise<void>,
  ms: number,
  signal: AbortSignal,
): Promise<void> {
  const wake = new AbortController();
  const stopListening = network.onOnline(() => wake.abort());
  const onAbort = () => wake.abort();
  signal.addEventListener("abort", onAbort);
  if (signal.aborted) wake.abort();
  return sleep(ms, wake.signal).finally(() => {
    stopListening();
    signal.removeEventListener("abort", onAbort);
  });
}

/** Waits `ms` or until `signal` aborts. */
export const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done);
  });
