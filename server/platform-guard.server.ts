import {
  BrokenCircuitError,
  BulkheadRejectedError,
  bulkhead,
  CircuitState,
  circuitBreaker,
  ConsecutiveBreaker,
  handleAll,
  TaskCancelledError,
  wrap,
} from "cockatiel";

/**
 * How calls to one upstream (the platform's API) are bounded (ADR 043): at most `concurrency` in flight and `queue`
 * waiting for a slot, the rest refused at once; after `failuresToOpen` failures in a row (a thrown fetch — refused,
 * reset, timed out — or an HTTP status of 500 or more) the breaker opens and every call fails at once, until one probe
 * after `probeAfterMs` finds the platform answering again.
 */
export interface PlatformGuardOptions {
  concurrency: number;
  queue: number;
  failuresToOpen: number;
  probeAfterMs: number;
}

export const PLATFORM_GUARD_DEFAULTS: PlatformGuardOptions = { concurrency: 64, queue: 128, failuresToOpen: 5, probeAfterMs: 1_000 };

/** Why a guarded call was not made: the breaker is open (the platform is down) or every slot and queue place is taken. */
export class PlatformUnavailableError extends Error {
  constructor(readonly reason: "circuit open" | "too many calls waiting") {
    super(`platform unavailable: ${reason}`);
    this.name = "PlatformUnavailableError";
  }
}

export type PlatformState = "closed" | "open" | "probing";

const STATE_NAMES: Record<CircuitState, PlatformState> = {
  [CircuitState.Closed]: "closed",
  [CircuitState.Open]: "open",
  [CircuitState.HalfOpen]: "probing",
  [CircuitState.Isolated]: "open",
};

/** Settles as the call does, or rejects as soon as the caller's signal aborts (a call waiting in the queue included). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/**
 * A fetch to one upstream behind cockatiel's bulkhead and circuit breaker. A refused call rejects with
 * PlatformUnavailableError, which the API client turns into its network-error answer like any failed fetch.
 */
export function createPlatformGuard(options: Partial<PlatformGuardOptions> = {}, fetchUpstream: typeof fetch = fetch) {
  const settings = { ...PLATFORM_GUARD_DEFAULTS, ...options };
  const breaker = circuitBreaker(
    handleAll.orWhenResult((result) => result instanceof Response && result.status >= 500),
    { halfOpenAfter: settings.probeAfterMs, breaker: new ConsecutiveBreaker(settings.failuresToOpen) },
  );
  const slots = bulkhead(settings.concurrency, settings.queue);
  // The bulkhead outside the breaker: while the breaker is open, calls fail inside their slot at once and free it.
  const policy = wrap(slots, breaker);

  const guardedFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    try {
      return await untilAborted(
        policy.execute(() => fetchUpstream(input, init)),
        signal,
      );
    } catch (error) {
      if (error instanceof BrokenCircuitError) throw new PlatformUnavailableError("circuit open");
      if (error instanceof BulkheadRejectedError) throw new PlatformUnavailableError("too many calls waiting");
      if (error instanceof TaskCancelledError && signal?.aborted) throw signal.reason;
      throw error;
    }
  };

  return {
    fetch: guardedFetch as typeof fetch,
    /** closed: calls go through; open: they fail at once; probing: one call is finding out whether the platform is back. */
    state: (): PlatformState => STATE_NAMES[breaker.state],
    /** Calls in flight and waiting, for the readiness check and the tests. */
    load: () => ({ inFlight: settings.concurrency - slots.executionSlots, waiting: settings.queue - slots.queueSlots }),
    onStateChange: (listener: (state: PlatformState) => void) => breaker.onStateChange((state) => listener(STATE_NAMES[state])),
  };
}

export type PlatformGuard = ReturnType<typeof createPlatformGuard>;
